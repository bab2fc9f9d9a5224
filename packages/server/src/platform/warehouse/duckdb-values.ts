import {
  arrayFromArrayValue,
  arrayFromListValue,
  DuckDBTypeId,
  type DuckDBValue,
  type DuckDBValueConverter,
  dateFromTimestampMillisecondsValue,
  dateFromTimestampNanosecondsValue,
  dateFromTimestampSecondsValue,
  dateFromTimestampTZValue,
  dateFromTimestampValue,
  doubleFromDecimalValue,
  JsonDuckDBValueConverter,
  objectArrayFromMapValue,
  objectFromStructValue,
  objectFromUnionValue,
} from '@duckdb/node-api';
import { jsonFriendlyBigInt } from './column-type.js';
import { WarehouseError } from './warehouse-error.js';

const timestampConverters: Partial<Record<DuckDBTypeId, (value: DuckDBValue) => Date>> = {
  [DuckDBTypeId.TIMESTAMP]: dateFromTimestampValue,
  [DuckDBTypeId.TIMESTAMP_S]: dateFromTimestampSecondsValue,
  [DuckDBTypeId.TIMESTAMP_MS]: dateFromTimestampMillisecondsValue,
  [DuckDBTypeId.TIMESTAMP_NS]: dateFromTimestampNanosecondsValue,
  [DuckDBTypeId.TIMESTAMP_TZ]: dateFromTimestampTZValue,
};

const integerTypes = new Set<DuckDBTypeId>([
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UHUGEINT,
  DuckDBTypeId.BIGNUM,
]);

/**
 * DuckDB's JSON converter with the platform's choices on top: exact integers and decimals as numbers
 * (bigints that do not fit stay strings), timestamps as ISO strings with `Z`, dates as `YYYY-MM-DD`.
 * Nested lists and structs recurse through this converter, so their leaves follow the same rules.
 */
export const jsonFriendlyConverter: DuckDBValueConverter<unknown> = (value, type, converter) => {
  if (value === null) return null;
  const typeId = type.typeId;
  if (integerTypes.has(typeId) && typeof value === 'bigint') return jsonFriendlyBigInt(value);
  if (typeId === DuckDBTypeId.DECIMAL) return doubleFromDecimalValue(value);
  if (typeId === DuckDBTypeId.DATE) return value.toString();
  const timestamp = timestampConverters[typeId];
  if (timestamp) {
    const date = timestamp(value);
    // why: infinity and out-of-range timestamps have no Date; DuckDB's own text is the honest answer.
    return Number.isNaN(date.getTime()) ? value.toString() : date.toISOString();
  }
  switch (typeId) {
    case DuckDBTypeId.LIST:
      return arrayFromListValue(value, type, converter);
    case DuckDBTypeId.ARRAY:
      return arrayFromArrayValue(value, type, converter);
    case DuckDBTypeId.STRUCT:
      return objectFromStructValue(value, type, converter);
    case DuckDBTypeId.MAP:
      return objectArrayFromMapValue(value, type, converter);
    case DuckDBTypeId.UNION:
      return objectFromUnionValue(value, type, converter);
    default:
      return JsonDuckDBValueConverter(value, type, JsonDuckDBValueConverter);
  }
};

/** Only plain values are accepted: anything else would have to be stringified, hiding caller mistakes. */
export function toDuckDbParameters(parameters: readonly unknown[]): DuckDBValue[] {
  return parameters.map((parameter, index) => {
    if (parameter === null || parameter === undefined) return null;
    if (parameter instanceof Date) return parameter.toISOString();
    switch (typeof parameter) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'bigint':
        return parameter;
      default:
        throw new WarehouseError(
          'query',
          `parameter $${index + 1} is a ${typeof parameter}; use a string, number, boolean, bigint, Date or null`,
        );
    }
  });
}
