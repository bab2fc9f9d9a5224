/**
 * The lines of a newline-delimited JSON answer, decoded one by one as they arrive, so a long result is
 * printed while it streams and never held whole. A line that is not JSON is a broken answer.
 */
export async function* readNdjsonLines(response: Response): AsyncGenerator<unknown> {
  if (!response.body) return;
  const decoder = new TextDecoder();
  let pending = '';
  const decodeLine = (line: string): unknown => {
    try {
      return JSON.parse(line);
    } catch {
      throw new Error(`the server sent a line that is not JSON: ${line.slice(0, 200)}`);
    }
  };
  for await (const chunk of response.body) {
    pending += decoder.decode(chunk, { stream: true });
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (line !== '') yield decodeLine(line);
      newline = pending.indexOf('\n');
    }
  }
  pending += decoder.decode();
  if (pending.trim() !== '') yield decodeLine(pending.trim());
}
