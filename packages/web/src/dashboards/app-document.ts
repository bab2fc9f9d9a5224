/** An APP dashboard's source as published (DashboardAppSource). */
export interface AppSource {
  entry?: string | null;
  files?: Record<string, string> | null;
  html?: string | null;
}

function isRelative(reference: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(reference) && !reference.startsWith('//');
}

/** `./a/b.js` and `a/b.js` name the same file of `files`. */
function fileOf(files: Record<string, string>, reference: string): string | undefined {
  const path = reference.split(/[?#]/)[0]?.replace(/^\.?\//, '') ?? '';
  return Object.hasOwn(files, path) ? files[path] : undefined;
}

/**
 * The document the app's iframe gets as `srcdoc`: its entry file (or `html`), with the scripts and
 * stylesheets it references from `files` inlined (a srcdoc frame cannot fetch them) and every script given
 * the page's CSP nonce (a srcdoc document inherits the page's policy, which runs no other inline script).
 * The HTML is parsed inert by DOMParser and serialised again: nothing of the app runs in the page.
 */
export function appDocumentOf(source: AppSource, nonce: string): string | null {
  const files = source.files ?? {};
  const entryHtml = source.entry ? fileOf(files, source.entry) : undefined;
  const html = entryHtml ?? source.html;
  if (!html) return null;
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const script of Array.from(document.querySelectorAll('script'))) {
    const reference = script.getAttribute('src');
    if (reference && isRelative(reference)) {
      const code = fileOf(files, reference);
      if (code !== undefined) {
        script.removeAttribute('src');
        script.textContent = code;
      }
    }
    script.setAttribute('nonce', nonce);
  }
  for (const link of Array.from(document.querySelectorAll('link[rel~="stylesheet"][href]'))) {
    const reference = link.getAttribute('href') ?? '';
    const css = isRelative(reference) ? fileOf(files, reference) : undefined;
    if (css === undefined) continue;
    const style = document.createElement('style');
    style.textContent = css;
    link.replaceWith(style);
  }
  return `<!doctype html>\n${document.documentElement.outerHTML}`;
}
