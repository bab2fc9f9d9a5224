import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  type DuckDBAppender,
  type DuckDBConnection,
  DuckDBDateValue,
  DuckDBDecimalValue,
  DuckDBInstance,
  DuckDBTimestampValue,
} from '@duckdb/node-api';
import { defaultSampleSeed, generateSampleData } from './generate-sample-data.js';
import { millisecondsPerDay } from './sample-data-calendar.js';
import {
  type CellValue,
  type ColumnDefinition,
  type ColumnKind,
  type SampleDataSet,
  type SampleTableName,
  sampleTableOrder,
  sampleTables,
  type TableDefinition,
} from './sample-data-tables.js';

export type SampleDataProgress =
  | { stage: 'generated'; rows: number; elapsedMilliseconds: number }
  | { stage: 'loading'; table: string; rows: number; totalRows: number; elapsedMilliseconds: number }
  | { stage: 'loaded'; table: string; rows: number; elapsedMilliseconds: number };

export interface LoadSampleDataOptions {
  /** A DuckDB file; created with its directory when missing, its sample tables replaced when present. */
  databasePath: string;
  scale: number;
  seed?: number;
  onProgress?: (progress: SampleDataProgress) => void;
}

export interface LoadSampleDataResult {
  databasePath: string;
  rowCounts: Record<string, number>;
  elapsedMilliseconds: number;
}

const moneyWidth = 12;
const moneyScale = 2;

const sqlTypes: Record<ColumnKind, string> = {
  integer: 'INTEGER',
  text: 'VARCHAR',
  money: `DECIMAL(${moneyWidth},${moneyScale})`,
  timestamp: 'TIMESTAMP',
  date: 'DATE',
};

/** Rows between appender flushes: bounds the appender's buffer and paces the progress lines. */
const flushEvery = 50_000;

function createTableStatement<Row>(table: TableDefinition<Row>): string {
  const columns = table.columns.map(
    (column) => `${column.name} ${sqlTypes[column.kind]}${column.nullable ? '' : ' NOT NULL'}`,
  );
  return `CREATE TABLE ${table.name} (${columns.join(', ')}, PRIMARY KEY (id))`;
}

function appendCell(appender: DuckDBAppender, kind: ColumnKind, value: CellValue): void {
  if (value === null) {
    appender.appendNull();
    return;
  }
  if (typeof value === 'string') {
    appender.appendVarchar(value);
    return;
  }
  switch (kind) {
    case 'integer':
      appender.appendInteger(value);
      return;
    case 'money':
      appender.appendDecimal(new DuckDBDecimalValue(BigInt(value), moneyWidth, moneyScale));
      return;
    case 'timestamp':
      appender.appendTimestamp(new DuckDBTimestampValue(BigInt(value) * 1000n));
      return;
    case 'date':
      appender.appendDate(new DuckDBDateValue(Math.floor(value / millisecondsPerDay)));
      return;
    case 'text':
      appender.appendVarchar(String(value));
      return;
  }
}

async function appendTable<Row>(
  connection: DuckDBConnection,
  table: TableDefinition<Row>,
  rows: readonly Row[],
  report: (rowsDone: number) => void,
): Promise<void> {
  const appender = await connection.createAppender(table.name);
  const columns: readonly ColumnDefinition<Row>[] = table.columns;
  try {
    rows.forEach((row, index) => {
      for (const column of columns) appendCell(appender, column.kind, column.read(row));
      appender.endRow();
      if ((index + 1) % flushEvery === 0) {
        appender.flushSync();
        report(index + 1);
      }
    });
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}

function tableRows(data: SampleDataSet, name: SampleTableName) {
  return { table: sampleTables[name] as TableDefinition<unknown>, rows: data[name] as readonly unknown[] };
}

/**
 * Generates the sample data set and writes it into a DuckDB file with the appender (no SQL per row), so
 * scale 1 loads in about a second. Existing sample tables are dropped first: loading twice is safe.
 */
export async function loadSampleData(options: LoadSampleDataOptions): Promise<LoadSampleDataResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const report = options.onProgress ?? (() => {});
  const data = generateSampleData({ scale: options.scale, seed: options.seed ?? defaultSampleSeed });
  const generatedRows = sampleTableOrder.reduce((sum, name) => sum + data[name].length, 0);
  report({ stage: 'generated', rows: generatedRows, elapsedMilliseconds: elapsed() });

  await mkdir(dirname(options.databasePath), { recursive: true });
  const instance = await DuckDBInstance.create(options.databasePath);
  const connection = await instance.connect();
  const rowCounts: Record<string, number> = {};
  try {
    for (const name of [...sampleTableOrder].reverse()) {
      await connection.run(`DROP TABLE IF EXISTS ${sampleTables[name].name}`);
    }
    for (const name of sampleTableOrder) {
      const { table, rows } = tableRows(data, name);
      await connection.run(createTableStatement(table));
      await appendTable(connection, table, rows, (rowsDone) =>
        report({
          stage: 'loading',
          table: table.name,
          rows: rowsDone,
          totalRows: rows.length,
          elapsedMilliseconds: elapsed(),
        }),
      );
      rowCounts[table.name] = rows.length;
      report({ stage: 'loaded', table: table.name, rows: rows.length, elapsedMilliseconds: elapsed() });
    }
    // Folds the write-ahead log into the file, so the result is one self-contained file to copy or mount.
    await connection.run('CHECKPOINT');
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return { databasePath: options.databasePath, rowCounts, elapsedMilliseconds: elapsed() };
}
