import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const seedDirectory = fileURLToPath(new URL('../../../../fixtures/seeds/fanout', import.meta.url));

export const seedTables = [
  'accounts',
  'deals',
  'users',
  'user_deals',
  'addresses',
  'countries',
  'sales_targets',
] as const;
export type SeedTable = (typeof seedTables)[number];

/** A CSV row as text, keyed by header; empty fields are null (as DuckDB's read_csv reads them). */
export type SeedRow = Record<string, string | null>;
export type SeedRows = Record<SeedTable, SeedRow[]>;

export function seedPath(table: SeedTable): string {
  return join(seedDirectory, `${table}_raw.csv`);
}

/** RFC 4180 fields: quoted fields may hold commas, doubled quotes and newlines; CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let isQuoted = false;
  let wasQuoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (isQuoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') {
        isQuoted = false;
      } else {
        field += character;
      }
    } else if (character === '"') {
      isQuoted = true;
      wasQuoted = true;
    } else if (character === ',') {
      record.push(field);
      field = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      wasQuoted = false;
    } else {
      field += character;
    }
  }
  if (field !== '' || wasQuoted || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

export async function readSeedRows(): Promise<SeedRows> {
  const entries = await Promise.all(
    seedTables.map(async (table) => {
      const [header = [], ...records] = parseCsv(await readFile(seedPath(table), 'utf8'));
      const rows = records.map((record) =>
        Object.fromEntries(
          header.map((name, index) => [name, record[index] === '' ? null : (record[index] ?? null)]),
        ),
      );
      return [table, rows] as const;
    }),
  );
  return Object.fromEntries(entries) as SeedRows;
}
