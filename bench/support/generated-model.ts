import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One small valid cube per file: a table, a count measure and a primary key. */
export function benchCubeYaml(index: number, table = `table_${index}`): string {
  return [
    'cubes:',
    `  - name: cube_${index}`,
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

export function benchCubePath(root: string, index: number): string {
  return join(root, 'model', 'cubes', `cube_${String(index).padStart(4, '0')}.yml`);
}

/** A temporary folder holding `count` cube files under model/cubes/. */
export async function writeGeneratedModel(count: number): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'platform-bench-model-'));
  await mkdir(join(root, 'model', 'cubes'), { recursive: true });
  await Promise.all(
    Array.from({ length: count }, (_unused, index) =>
      writeFile(benchCubePath(root, index), benchCubeYaml(index)),
    ),
  );
  return root;
}
