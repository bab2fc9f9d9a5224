import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Paths that only exist on a developer's machine beside the repository, never in a fresh clone. */
const outsidePaths = [/\.\.\/(\.\.\/)*shared\//, /\/work\/shared\b/];

describe('the repository is self-contained', () => {
  it('no source, test, script or CI file reads from outside the repository', () => {
    const files = execFileSync(
      'git',
      ['ls-files', '--', '*.ts', '*.mjs', '*.cjs', '*.js', '*.json', '.ci/*'],
      {
        cwd: repositoryRoot,
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter((path) => path !== '' && !path.startsWith('fixtures/') && path !== 'docs/openapi.json');
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((path) => {
      const text = readFileSync(`${repositoryRoot}${path}`, 'utf8');
      return outsidePaths.some((pattern) => pattern.test(text));
    });
    expect(offenders).toEqual([]);
  });
});
