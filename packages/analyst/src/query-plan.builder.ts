import type { AnalystChart, AnalystColumn, AnalystQueryPlan } from './analyst-plan.types.js';
import { type SelectColumn, sqlString, writeSql } from './analyst-sql.js';
import type { FilterChoice } from './filter-matching.js';
import { joinedColumns } from './joined-columns.js';
import { formatDate } from './local-calendar.js';
import type { MeasureCandidate } from './measure-matching.js';
import type { WordedMember } from './member-words.js';
import { capitalized, listText, measureTitle, memberTitle, rankedByText, scopeText } from './plan-wording.js';
import type { RankingIntent } from './ranking-phrases.js';
import type { SourceReading } from './source-reading.js';
import type { TimeIntent } from './time-phrases.js';

/** Rows a "top" question returns when it gave no number. */
export const defaultRankingLimit = 10;

interface PlannedColumn extends AnalystColumn {
  readonly select: SelectColumn;
}

function uniqueName(wanted: string, taken: Set<string>): string {
  let name = wanted;
  for (let suffix = 2; taken.has(name); suffix += 1) name = `${wanted}_${suffix}`;
  taken.add(name);
  return name;
}

/** How a member is written in the SQL: its name, qualified by its cube when cubes are joined. */
type ColumnNamer = (member: WordedMember) => string;

function columnsOf(reading: SourceReading, time: TimeIntent, column: ColumnNamer): PlannedColumn[] {
  const { measure, timeDimension } = reading;
  if (measure === undefined) throw new Error('a reading without a measure cannot be planned');
  const taken = new Set<string>();
  const columns: PlannedColumn[] = [];
  const isTimeGrouped = reading.groups.some((group) => group.dimension === timeDimension);
  if (timeDimension !== undefined && (time.granularity !== undefined || isTimeGrouped)) {
    const granularity = time.granularity ?? 'day';
    const name = uniqueName(granularity, taken);
    columns.push({
      name,
      title: granularity,
      role: 'time',
      granularity,
      select: {
        expression: `DATE_TRUNC('${granularity}', ${column(timeDimension)})`,
        alias: name,
        isGrouped: true,
      },
    });
  }
  const dimensions: WordedMember[] = [];
  for (const group of reading.groups) {
    const dimension = group.dimension;
    if (dimension.member.type === 'time' || dimensions.includes(dimension)) continue;
    dimensions.push(dimension);
    const name = uniqueName(dimension.localName, taken);
    columns.push({
      name,
      title: memberTitle(dimension),
      role: 'dimension',
      select: {
        expression: column(dimension),
        ...(name === dimension.localName ? {} : { alias: name }),
        isGrouped: true,
      },
    });
  }
  const measureName = uniqueName(measure.measure.localName, taken);
  columns.push({
    name: measureName,
    title: measureTitle(measure, reading.source),
    role: 'measure',
    select: {
      expression: `MEASURE(${column(measure.measure)})`,
      ...(measureName === measure.measure.localName ? {} : { alias: measureName }),
      isGrouped: false,
    },
  });
  return columns;
}

function conditionsOf(
  reading: SourceReading,
  time: TimeIntent,
  filters: readonly FilterChoice[],
  columnOf: ColumnNamer,
): string[] {
  const conditions: string[] = [];
  const range = time.range;
  if (range !== undefined && reading.timeDimension !== undefined) {
    const column = columnOf(reading.timeDimension);
    if (range.start !== undefined) conditions.push(`${column} >= ${sqlString(formatDate(range.start))}`);
    if (range.end !== undefined) conditions.push(`${column} < ${sqlString(formatDate(range.end))}`);
  }
  for (const filter of filters) {
    const column = columnOf(filter.member);
    if (filter.kind === 'values') {
      const [single] = filter.values;
      const [equal, inList] = filter.isNegated ? ['<>', 'NOT IN'] : ['=', 'IN'];
      conditions.push(
        filter.values.length === 1 && single !== undefined
          ? `${column} ${equal} ${sqlString(single)}`
          : `${column} ${inList} (${filter.values.map(sqlString).join(', ')})`,
      );
    } else if (filter.kind === 'presence') {
      conditions.push(`${column} IS ${filter.isSet ? 'NOT NULL' : 'NULL'}`);
    } else if (filter.kind === 'flag' && filter.isNegated) {
      conditions.push(`NOT ${column}`);
    } else {
      conditions.push(column);
    }
  }
  return conditions;
}

/**
 * "Which store had the highest revenue" ranks stores: rows without a store (online orders) are no store,
 * so they do not take part, or "(empty)" would come first.
 */
function namedEntities(reading: SourceReading, column: ColumnNamer): string[] {
  const columns = reading.groups
    .filter((group) => group.phrase.kind === 'entity' && group.dimension.member.type !== 'time')
    .map((group) => `${column(group.dimension)} IS NOT NULL`);
  return [...new Set(columns)];
}

function measureCandidate(reading: SourceReading): MeasureCandidate {
  if (reading.measure === undefined) throw new Error('a reading without a measure cannot be planned');
  return reading.measure;
}

/** The plan for a reading the planner settled on: SQL, titles, description and a chart hint. */
export function buildQueryPlan(
  reading: SourceReading,
  time: TimeIntent,
  ranking: RankingIntent | undefined,
  filters: readonly FilterChoice[],
): AnalystQueryPlan {
  const { joined, column } = joinedColumns(reading, filters);
  const columns = columnsOf(reading, time, column);
  const measurePosition = columns.length;
  const measure = columns[columns.length - 1] as PlannedColumn;
  const groupColumns = columns.slice(0, -1);
  const timeColumn = groupColumns.find((column) => column.role === 'time');
  const isRanked = ranking !== undefined && groupColumns.length > 0;
  const order: { position: number; direction: 'ASC' | 'DESC' }[] = [];
  if (isRanked) {
    order.push({ position: measurePosition, direction: ranking.direction === 'asc' ? 'ASC' : 'DESC' });
    // why: the one answer of "the busiest month" is, of two months as busy, the first, on every run.
    if (ranking.limit === 1) {
      for (let position = 1; position < measurePosition; position += 1)
        order.push({ position, direction: 'ASC' });
    }
  } else if (timeColumn !== undefined) order.push({ position: 1, direction: 'ASC' });
  if (!isRanked && groupColumns.some((column) => column.role === 'dimension')) {
    order.push({ position: measurePosition, direction: 'DESC' });
  }
  const limit = isRanked ? (ranking.limit ?? defaultRankingLimit) : undefined;
  const sqlQuery = writeSql({
    source: reading.source.source.name,
    joined,
    columns: columns.map((column) => column.select),
    conditions: [
      ...conditionsOf(reading, time, filters, column),
      ...(isRanked ? namedEntities(reading, column) : []),
    ],
    order,
    ...(limit === undefined ? {} : { limit }),
  });
  const scope = scopeText(time.range, filters);
  const groupTitles = groupColumns.map((column) => column.title);
  const byText = groupTitles.length > 0 ? ` by ${listText(groupTitles)}` : '';
  const rankWord = isRanked && ranking.direction === 'asc' ? 'lowest' : 'highest';
  const rankText = isRanked ? `; the ${limit === 1 ? '' : `${limit} `}${rankWord}` : '';
  const chartColumn = groupColumns.length === 1 ? groupColumns[0] : undefined;
  const chart: AnalystChart | undefined = chartColumn && {
    mark: chartColumn.role === 'time' ? 'line' : 'bar',
    x: chartColumn.name,
    y: measure.name,
  };
  return {
    kind: 'query',
    sqlQuery,
    queryTitle: capitalized(`${measure.title}${byText}${time.range ? `, ${time.range.words}` : ''}`),
    description: `${measure.title}${byText}${scope ? `, ${scope}` : ''}${rankText}, from ${reading.source.source.title}.`,
    ...(chart === undefined ? {} : { chart }),
    columns: columns.map(({ select: _select, ...column }) => column),
    ...(isRanked
      ? {
          ranking: ranking.direction === 'asc' ? ('lowest' as const) : ('highest' as const),
          rankedBy: rankedByText(measureCandidate(reading), reading.source, ranking.direction === 'desc'),
        }
      : {}),
    scope,
  };
}
