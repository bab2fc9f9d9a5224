import type { QueryColumnType } from '../query/compiled-query.types.js';
import type { FilterValue } from '../query/semantic-query.types.js';
import { SemanticQueryError } from '../query/semantic-query-error.js';
import { parseAbsoluteTime } from '../query/zoned-time.js';

/** A filter value as the member's type binds it: numbers for numbers, booleans for booleans. */
export function coerceFilterValue(value: FilterValue, type: QueryColumnType, path: string, timezone: string) {
  switch (type) {
    case 'number': {
      const number =
        typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
      if (!Number.isFinite(number) || (typeof value === 'string' && value.trim() === '')) {
        throw new SemanticQueryError(`\`${String(value)}\` is not a number; \`${path}\` is numeric`);
      }
      return number;
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const text = String(value).trim().toLowerCase();
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
      throw new SemanticQueryError(`\`${String(value)}\` is not a boolean; \`${path}\` is true or false`);
    }
    case 'time': {
      const parsed = typeof value === 'string' ? parseAbsoluteTime(value, timezone) : undefined;
      if (!parsed) {
        throw new SemanticQueryError(
          `\`${String(value)}\` is not a date or time; \`${path}\` takes YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS`,
        );
      }
      return parsed.naive.toISOString().slice(0, 23);
    }
    case 'string':
      return String(value);
  }
}

const likeEscape = '!';

/** An ILIKE pattern matching `value` literally (`%`, `_` and the escape character escaped). */
export function likePattern(value: FilterValue, prefix: string, suffix: string): string {
  const escaped = String(value).replace(/[!%_]/g, (character) => `${likeEscape}${character}`);
  return `${prefix}${escaped}${suffix}`;
}

export const likeEscapeClause = `ESCAPE '${likeEscape}'`;
