import type { ColumnType } from './warehouse.js';

const numberTypes = new Set([
  'TINYINT',
  'SMALLINT',
  'INTEGER',
  'BIGINT',
  'HUGEINT',
  'UTINYINT',
  'USMALLINT',
  'UINTEGER',
  'UBIGINT',
  'UHUGEINT',
  'FLOAT',
  'DOUBLE',
  'DECIMAL',
  'NUMERIC',
  'REAL',
  'DOUBLE PRECISION',
  'INT',
  'INT2',
  'INT4',
  'INT8',
  'FLOAT4',
  'FLOAT8',
  'OID',
  'BIGNUM',
]);
const stringTypes = new Set([
  'VARCHAR',
  'TEXT',
  'CHAR',
  'BPCHAR',
  'CHARACTER',
  'CHARACTER VARYING',
  'NAME',
  'UUID',
  'ENUM',
  'CITEXT',
]);
const booleanTypes = new Set(['BOOLEAN', 'BOOL']);
const timeTypes = new Set([
  'DATE',
  'TIMESTAMP',
  'TIMESTAMPTZ',
  'TIMESTAMP WITH TIME ZONE',
  'TIMESTAMP WITHOUT TIME ZONE',
  'TIMESTAMP_S',
  'TIMESTAMP_MS',
  'TIMESTAMP_NS',
  'TIME',
  'TIMETZ',
  'TIME WITH TIME ZONE',
  'TIME WITHOUT TIME ZONE',
]);

/** Maps a DuckDB or PostgreSQL type name (`DECIMAL(18,3)`, `timestamp with time zone`) onto the small set. */
export function columnTypeOf(rawType: string): ColumnType {
  // why: precision and length do not change the kind; arrays and structs stay 'unknown'.
  const base = rawType
    .trim()
    .toUpperCase()
    .replace(/\(.*\)/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (base.endsWith(']')) return 'unknown';
  if (numberTypes.has(base)) return 'number';
  if (stringTypes.has(base)) return 'string';
  if (booleanTypes.has(base)) return 'boolean';
  if (timeTypes.has(base)) return 'time';
  return 'unknown';
}

/** bigint as a number when it is exact, else as a string (a JSON number would silently lose digits). */
export function jsonFriendlyBigInt(value: bigint): number | string {
  const asNumber = Number(value);
  return Number.isSafeInteger(asNumber) ? asNumber : value.toString();
}
