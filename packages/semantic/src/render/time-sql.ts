import type { SqlDialect, StandardGranularity } from '../dialect/sql-dialect.types.js';
import type { Granularity } from '../model/member.types.js';
import { SemanticQueryError } from '../query/semantic-query-error.js';
import { addInterval, parseInterval } from '../query/time-interval.js';
import { formatNaive, isUtc, parseAbsoluteTime, startOf, wallClock } from '../query/zoned-time.js';
import type { SqlParameters } from './sql-parameters.js';

/** A granularity a query asks for: a standard one, or a custom one of the dimension. */
export type TimeGranularity =
  | { readonly name: StandardGranularity; readonly standard: StandardGranularity }
  | { readonly name: string; readonly custom: Granularity };

/** Time expressions of one query: its time zone (bound once) and its `now`. */
export class TimeSql {
  private timezonePlaceholder: string | undefined;

  constructor(
    private readonly dialect: SqlDialect,
    private readonly parameters: SqlParameters,
    readonly timezone: string,
    readonly now: Date,
  ) {}

  /** A time member's row value as a naive timestamp on the query's wall clock (stored values are UTC). */
  local(expression: string): string {
    const timestamp = this.dialect.castTimestamp(expression);
    if (isUtc(this.timezone)) return timestamp;
    this.timezonePlaceholder ??= this.parameters.add(this.timezone);
    return this.dialect.convertTimezone(timestamp, this.timezonePlaceholder);
  }

  /** A naive `YYYY-MM-DDTHH:MM:SS.mmm` time as a bound timestamp parameter. */
  parameter(naiveText: string): string {
    return this.dialect.castTimestamp(this.parameters.add(naiveText));
  }

  /** The start of the bucket of `granularity` that holds the local time `local`. */
  bucket(local: string, granularity: TimeGranularity, dimensionPath: string): string {
    if ('standard' in granularity) return this.dialect.truncateTime(local, granularity.standard);
    return this.customBucket(local, granularity.custom, dimensionPath);
  }

  private customBucket(local: string, granularity: Granularity, dimensionPath: string): string {
    const where = `granularity \`${granularity.name}\` of \`${dimensionPath}\``;
    const interval = parseInterval(granularity.interval);
    if (
      !interval ||
      interval.months < 0 ||
      interval.milliseconds < 0 ||
      interval.months + interval.milliseconds === 0
    ) {
      throw new SemanticQueryError(
        `${where}: interval \`${granularity.interval}\` is not a positive interval`,
      );
    }
    if (interval.months > 0 && interval.milliseconds > 0) {
      throw new SemanticQueryError(
        `${where}: intervals mixing months or years with days or hours are not supported`,
      );
    }
    const origin = this.originOf(granularity, interval.isWeeksOnly, where);
    if (interval.months === 0) {
      return this.dialect.binTime(local, interval.milliseconds / 1000, timestampLiteral(origin));
    }
    // why: whole months are counted from the origin's month; the origin's offset inside its month
    // (day and time) is taken off before counting and put back after, so buckets start where it does.
    const monthStart = startOf('month', origin);
    const insideSeconds = (origin.getTime() - monthStart.getTime()) / 1000;
    const shifted = insideSeconds === 0 ? local : `(${local} - INTERVAL '${insideSeconds} seconds')`;
    const originMonth = monthStart.getUTCFullYear() * 12 + monthStart.getUTCMonth() + 1;
    const monthsSince = `(EXTRACT(YEAR FROM ${shifted}) * 12 + EXTRACT(MONTH FROM ${shifted}) - ${originMonth})`;
    const size = interval.months;
    const bucketMonths = `FLOOR(${monthsSince} / ${size}.0) * ${size}`;
    const bucket = this.dialect.addMonths(timestampLiteral(monthStart), bucketMonths);
    return insideSeconds === 0 ? bucket : `(${bucket} + INTERVAL '${insideSeconds} seconds')`;
  }

  /** `origin` as written; else, as Cube does, the start of the current year (a Monday for week intervals) plus `offset`. */
  private originOf(granularity: Granularity, isWeeksOnly: boolean, where: string): Date {
    if (granularity.origin !== undefined) {
      const origin = parseAbsoluteTime(granularity.origin, this.timezone);
      if (!origin) throw new SemanticQueryError(`${where}: origin \`${granularity.origin}\` is not a date`);
      return origin.naive;
    }
    const yearStart = startOf('year', wallClock(this.now, this.timezone));
    const base = isWeeksOnly ? startOf('week', yearStart) : yearStart;
    if (granularity.offset === undefined) return base;
    const offset = parseInterval(granularity.offset);
    if (!offset)
      throw new SemanticQueryError(`${where}: offset \`${granularity.offset}\` is not an interval`);
    return addInterval(base, offset);
  }
}

function timestampLiteral(naive: Date): string {
  return `TIMESTAMP '${formatNaive(naive).replace('T', ' ')}'`;
}
