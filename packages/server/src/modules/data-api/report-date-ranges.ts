import {
  addCalendarUnits,
  type CalendarUnit,
  type DateRange,
  formatNaive,
  type LocalRange,
  type QueryFilter,
  resolveDateRange,
  type SemanticQuery,
  startOfCalendarUnit,
} from '@platform/semantic';
import { appErrorOfQuery } from './query-errors.js';

export interface CalendarOffset {
  amount: number;
  unit: CalendarUnit;
}

const naiveTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?$/;
const standardGranularities: ReadonlySet<string> = new Set([
  'second',
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'quarter',
  'year',
]);

export function isStandardGranularity(granularity: string): granularity is CalendarUnit {
  return standardGranularities.has(granularity);
}

/** A time value of a result row (`2024-01-01T00:00:00.000`, local to the query) as a naive time. */
export function naiveOf(value: unknown): Date | null {
  if (typeof value !== 'string' || !naiveTimePattern.test(value)) return null;
  const time = new Date(`${value}Z`);
  return Number.isNaN(time.getTime()) ? null : time;
}

/** A bucket moved back by the offset, then to the start of its bucket (a week a year back is a Monday). */
export function shiftedBucket(value: unknown, offset: CalendarOffset, granularity: string | undefined) {
  const naive = naiveOf(value);
  if (!naive) return value;
  const shifted = addCalendarUnits(offset.unit, -offset.amount, naive);
  return formatNaive(
    granularity !== undefined && isStandardGranularity(granularity)
      ? startOfCalendarUnit(granularity, shifted)
      : shifted,
  );
}

/** Where a query limits a time dimension to a date range: its `dateRange`s and its `inDateRange` filters. */
interface RangeSites {
  timeDimensionIndexes: number[];
  filterPaths: number[][];
}

/** Filters that must all hold: the top-level list and `and` groups inside it (not `or` groups). */
function inDateRangeFilters(
  filters: readonly QueryFilter[],
  member: string,
  path: number[] = [],
): number[][] {
  return filters.flatMap((filter, index) => {
    if ('and' in filter) return inDateRangeFilters(filter.and, member, [...path, index]);
    if ('or' in filter) return [];
    const values = filter.values ?? [];
    const isRange =
      filter.member === member &&
      filter.operator === 'inDateRange' &&
      (values.length === 1 || values.length === 2) &&
      values.every((value) => typeof value === 'string');
    return isRange ? [[...path, index]] : [];
  });
}

function rangeSites(query: SemanticQuery, member: string): RangeSites {
  const timeDimensionIndexes = (query.timeDimensions ?? []).flatMap((timeDimension, index) =>
    timeDimension.dimension === member && timeDimension.dateRange !== undefined ? [index] : [],
  );
  return { timeDimensionIndexes, filterPaths: inDateRangeFilters(query.filters ?? [], member) };
}

function filterAt(filters: readonly QueryFilter[], path: readonly number[]): QueryFilter | undefined {
  const [index, ...rest] = path;
  const filter = index === undefined ? undefined : filters[index];
  if (!filter || rest.length === 0) return filter;
  return 'and' in filter ? filterAt(filter.and, rest) : undefined;
}

function rangeOfFilter(filter: QueryFilter | undefined): DateRange | undefined {
  if (!filter || 'and' in filter || 'or' in filter) return undefined;
  const values = (filter.values ?? []) as string[];
  return values.length === 2 ? [values[0] as string, values[1] as string] : values[0];
}

/** The first date range the query puts on a time dimension, resolved in its time zone; null without one. */
export function dateRangeOf(query: SemanticQuery, member: string, now: Date): LocalRange | null {
  const sites = rangeSites(query, member);
  const [timeDimensionIndex] = sites.timeDimensionIndexes;
  const [filterPath] = sites.filterPaths;
  const range =
    timeDimensionIndex !== undefined
      ? query.timeDimensions?.[timeDimensionIndex]?.dateRange
      : filterPath !== undefined
        ? rangeOfFilter(filterAt(query.filters ?? [], filterPath))
        : undefined;
  if (range === undefined) return null;
  try {
    return resolveDateRange(range, now, query.timezone ?? 'UTC');
  } catch (error) {
    throw appErrorOfQuery(error);
  }
}

/** `[from, to]` of the range moved back by the offset, as instants (the end is the range's last instant). */
function shiftedRange(
  range: DateRange,
  offset: CalendarOffset,
  now: Date,
  timezone: string,
): [string, string] {
  let local: LocalRange;
  try {
    local = resolveDateRange(range, now, timezone);
  } catch (error) {
    throw appErrorOfQuery(error);
  }
  // why: shifting the exclusive end keeps whole months whole (April 1 → March 1 ends March on its 31st).
  const start = addCalendarUnits(offset.unit, -offset.amount, new Date(`${local.start}Z`));
  const end = addCalendarUnits(offset.unit, -offset.amount, new Date(`${local.end}Z`));
  return [formatNaive(start), formatNaive(new Date(end.getTime() - 1))];
}

function shiftFilters(
  filters: readonly QueryFilter[],
  member: string,
  shift: (range: DateRange) => [string, string],
): QueryFilter[] {
  return filters.map((filter) => {
    if ('and' in filter) return { and: shiftFilters(filter.and, member, shift) };
    if ('or' in filter) return filter;
    const isSite = inDateRangeFilters([filter], member).length > 0;
    const range = isSite ? rangeOfFilter(filter) : undefined;
    return range === undefined ? filter : { ...filter, values: shift(range) };
  });
}

/**
 * The query over the period shifted back by the offset: every date range on the time dimension moves;
 * null when the query has none (there is no period to shift).
 */
export function shiftedQuery(
  query: SemanticQuery,
  member: string,
  offset: CalendarOffset,
  now: Date,
): SemanticQuery | null {
  const sites = rangeSites(query, member);
  if (sites.timeDimensionIndexes.length === 0 && sites.filterPaths.length === 0) return null;
  const timezone = query.timezone ?? 'UTC';
  const shift = (range: DateRange) => shiftedRange(range, offset, now, timezone);
  return {
    ...query,
    ...(query.timeDimensions === undefined
      ? {}
      : {
          timeDimensions: query.timeDimensions.map((timeDimension, index) =>
            sites.timeDimensionIndexes.includes(index) && timeDimension.dateRange !== undefined
              ? { ...timeDimension, dateRange: shift(timeDimension.dateRange) }
              : timeDimension,
          ),
        }),
    ...(query.filters === undefined ? {} : { filters: shiftFilters(query.filters, member, shift) }),
  };
}

/** Every bucket start of a granularity from `start` (its bucket included) to before `end`. */
export function bucketsBetween(
  granularity: CalendarUnit,
  start: Date,
  end: Date,
  maximum: number,
): string[] | null {
  const buckets: string[] = [];
  for (
    let bucket = startOfCalendarUnit(granularity, start);
    bucket.getTime() < end.getTime();
    bucket = addCalendarUnits(granularity, 1, bucket)
  ) {
    if (buckets.length >= maximum) return null;
    buckets.push(formatNaive(bucket));
  }
  return buckets;
}
