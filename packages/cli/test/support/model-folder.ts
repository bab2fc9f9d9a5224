import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A valid cube file: one table, a count measure and a primary key, in the platform's YAML form. */
export function cubeYaml(name: string, table = name): string {
  return [
    'cubes:',
    `  - name: ${name}`,
    `    sql_table: ${table}`,
    '    measures:',
    '      - name: count',
    '        type: count',
    '    dimensions:',
    '      - name: id',
    '        sql: id',
    '        type: number',
    '        primary_key: true',
    '',
  ].join('\n');
}

/** Writes `files` (relative '/'-separated path → content) into a new temporary folder and answers it. */
export async function writeModelFolder(
  files: Record<string, string>,
  prefix = 'platform-model-',
): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  await writeFiles(root, files);
  return root;
}

export async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    const absolutePath = join(root, ...path.split('/'));
    await mkdir(dirname(absolutePath), { recursive: true });
    await writeFile(absolutePath, content);
  }
}
