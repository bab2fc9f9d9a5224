/** Text made safe inside HTML elements and quoted attributes: the five characters that could end either. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
