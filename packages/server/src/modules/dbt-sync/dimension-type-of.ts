/** The dimension types the mapping gives (a subset of the compiler's dimension types). */
export type MappedDimensionType = 'number' | 'time' | 'boolean' | 'string';

const numberTypes = new Set([
  'number',
  'numeric',
  'decimal',
  'dec',
  'int',
  'integer',
  'int2',
  'int4',
  'int8',
  'int16',
  'int32',
  'int64',
  'int128',
  'smallint',
  'tinyint',
  'mediumint',
  'bigint',
  'hugeint',
  'uhugeint',
  'utinyint',
  'usmallint',
  'uinteger',
  'ubigint',
  'float',
  'float4',
  'float8',
  'float32',
  'float64',
  'double',
  'double precision',
  'real',
  'money',
  'smallserial',
  'serial',
  'bigserial',
  'serial2',
  'serial4',
  'serial8',
  'bignumeric',
  'bigdecimal',
  'byteint',
]);
const timeTypes = new Set([
  'date',
  'datetime',
  'datetime2',
  'smalldatetime',
  'datetimeoffset',
  'timestamp',
  'timestamptz',
  'timestamp_tz',
  'timestamp_ntz',
  'timestamp_ltz',
  'timestamp with time zone',
  'timestamp without time zone',
  'timestamp_s',
  'timestamp_ms',
  'timestamp_ns',
]);
const booleanTypes = new Set(['boolean', 'bool', 'bit', 'logical']);

/**
 * The dimension type for a warehouse data type: numbers → number, dates and timestamps → time,
 * booleans → boolean, anything else (text, a time of day, intervals, arrays, unknown) → string.
 * Case, parameters (`numeric(10,2)`, `timestamp(6) with time zone`) and extra spaces do not matter.
 */
export function dimensionTypeOf(dataType: string | null): MappedDimensionType {
  if (dataType === null) return 'string';
  const normalized = dataType
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (normalized.endsWith('[]') || normalized.startsWith('array')) return 'string';
  if (numberTypes.has(normalized)) return 'number';
  if (timeTypes.has(normalized)) return 'time';
  if (booleanTypes.has(normalized)) return 'boolean';
  return 'string';
}
