import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

export type CellValue = string | number | boolean | null;

/** One generated table: its columns with their DuckDB types, in order, and its rows. */
export interface GeneratedTable {
  readonly name: string;
  readonly columns: readonly (readonly [name: string, sqlType: string])[];
  readonly rows: readonly (readonly CellValue[])[];
}

function csvField(value: CellValue): string {
  // why: an empty field reads back as NULL, which is how the generators mark a missing value.
  if (value === null) return '';
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Writes the tables into a new DuckDB file, through CSV files in the same directory. */
export async function writeDuckDbTables(
  directory: string,
  databasePath: string,
  tables: readonly GeneratedTable[],
): Promise<void> {
  const instance = await DuckDBInstance.create(databasePath);
  const connection = await instance.connect();
  try {
    for (const table of tables) {
      const file = join(directory, `${table.name}.csv`);
      const lines = [
        table.columns.map(([name]) => name).join(','),
        ...table.rows.map((row) => row.map(csvField).join(',')),
      ];
      await writeFile(file, `${lines.join('\n')}\n`);
      const types = table.columns.map(([name, sqlType]) => `'${name}': '${sqlType}'`).join(', ');
      await connection.run(
        `CREATE TABLE ${table.name} AS SELECT * FROM read_csv('${file}', header = true, columns = {${types}})`,
      );
    }
    await connection.run('CHECKPOINT');
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
