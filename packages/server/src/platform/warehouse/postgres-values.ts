import { jsonFriendlyBigInt } from './column-type.js';

/** Names of the built-in type OIDs; any other OID is looked up in pg_type once per warehouse. */
export const builtInTypeNames = new Map<number, string>([
  [16, 'boolean'],
  [17, 'bytea'],
  [18, 'char'],
  [19, 'name'],
  [20, 'bigint'],
  [21, 'smallint'],
  [23, 'integer'],
  [25, 'text'],
  [26, 'oid'],
  [114, 'json'],
  [700, 'real'],
  [701, 'double precision'],
  [1042, 'character'],
  [1043, 'character varying'],
  [1082, 'date'],
  [1083, 'time without time zone'],
  [1114, 'timestamp without time zone'],
  [1184, 'timestamp with time zone'],
  [1186, 'interval'],
  [1700, 'numeric'],
  [2950, 'uuid'],
  [3802, 'jsonb'],
]);

/** Every value arrives as PostgreSQL's text (see `rawText`); this is the one place it is interpreted. */
export const rawText = { getTypeParser: () => (value: string) => value };

function finiteOrText(text: string): number | string {
  const value = Number(text);
  // why: NaN and Infinity are not JSON numbers; PostgreSQL's spelling survives the trip instead.
  return Number.isFinite(value) ? value : text;
}

function isoTimestamp(text: string, withZone: boolean): string {
  // why: the session runs with DateStyle=ISO and TimeZone=UTC, so the text is `YYYY-MM-DD HH:MM:SS[.f][+00]`.
  const iso = `${text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')}${withZone ? '' : 'Z'}`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

export function parsePostgresValue(text: string | null, typeId: number): unknown {
  if (text === null) return null;
  switch (typeId) {
    case 16:
      return text === 't';
    case 20:
      return jsonFriendlyBigInt(BigInt(text));
    case 21:
    case 23:
    case 26:
    case 700:
    case 701:
    case 1700:
      return finiteOrText(text);
    case 114:
    case 3802:
      return JSON.parse(text);
    case 1114:
      return isoTimestamp(text, false);
    case 1184:
      return isoTimestamp(text, true);
    default:
      // why: dates are already `YYYY-MM-DD`; text, uuid, time, interval and arrays stay PostgreSQL's text.
      return text;
  }
}

/** Parameters go to pg as they are; only values it would serialise surprisingly are refused. */
export function toPostgresParameters(parameters: readonly unknown[]): unknown[] {
  return parameters.map((parameter) => {
    if (parameter === undefined) return null;
    if (typeof parameter === 'bigint') return parameter.toString();
    return parameter;
  });
}
