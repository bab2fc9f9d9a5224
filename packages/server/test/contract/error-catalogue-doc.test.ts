import { readFile } from 'node:fs/promises';
import { errorCatalogue } from '@platform/contract';
import { describe, expect, it } from 'vitest';

const documentUrl = new URL('../../../../docs/errors.md', import.meta.url);

interface DocumentedCode {
  code: string;
  status: number;
  error: string;
}

/** The rows of the codes table: `| \`CODE\` | status | error | meaning |`. */
function documentedCodes(markdown: string): DocumentedCode[] {
  return markdown
    .split('\n')
    .map((line) => /^\|\s*`([A-Za-z_]+)`\s*\|\s*(\d{3})\s*\|\s*([^|]+?)\s*\|/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ code: match[1] as string, status: Number(match[2]), error: match[3] as string }));
}

const byCode = (left: DocumentedCode, right: DocumentedCode) => (left.code < right.code ? -1 : 1);

describe('docs/errors.md', () => {
  it('lists every code of the error catalogue once, with its status and error, and nothing else', async () => {
    const documented = documentedCodes(await readFile(documentUrl, 'utf8'));
    const catalogue = Object.entries(errorCatalogue).map(([code, entry]) => ({
      code,
      status: entry.status,
      error: entry.error,
    }));
    expect(documented.length).toBe(new Set(documented.map((row) => row.code)).size);
    expect([...documented].sort(byCode)).toEqual([...catalogue].sort(byCode));
  });

  it('reads a table row the way the codes table writes it', () => {
    expect(documentedCodes('| `NOT_FOUND` | 404 | Not Found | gone |\n| text | 1 | x | y |')).toEqual([
      { code: 'NOT_FOUND', status: 404, error: 'Not Found' },
    ]);
  });
});
