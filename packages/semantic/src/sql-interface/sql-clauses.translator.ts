import type { Node, SelectStmt } from 'libpg-query';
import type { OrderDirection } from '../query/semantic-query.types.js';
import type { SqlTranslationContext } from './sql-column.resolver.js';
import { locationOf } from './sql-node.js';
import { describeTerm, findSelectItem, type SelectItem } from './sql-select-item.js';
import type { SqlTerm } from './sql-term.types.js';

/** GROUP BY is optional; when written it must cover every selected dimension and name only those. */
export function checkGroupBy(
  select: SelectStmt,
  items: readonly SelectItem[],
  context: SqlTranslationContext,
): void {
  const groupClause = select.groupClause;
  if (groupClause === undefined) return;
  const { text } = context;
  const groupedKeys = new Set<string>();
  for (const node of groupClause) {
    if ('GroupingSet' in node) {
      throw text.error(node.GroupingSet.location, 'GROUPING SETS, ROLLUP and CUBE are not supported');
    }
    const { item, term } = findSelectItem(node, items, context, 'GROUP BY');
    if (term.kind === 'measure') {
      throw text.error(
        locationOf(node),
        `Cannot GROUP BY the measure "${term.member.name}"`,
        'group by dimensions',
      );
    }
    if (item === undefined) {
      throw text.error(
        locationOf(node),
        `GROUP BY ${describeTerm(term)} is not in the select list`,
        'group only by selected columns',
      );
    }
    groupedKeys.add(`${term.kind}:${term.key}`);
  }
  for (const item of items) {
    if (item.term.kind !== 'measure' && !groupedKeys.has(`${item.term.kind}:${item.term.key}`)) {
      throw text.error(
        item.location,
        `Column "${item.name}" must appear in GROUP BY`,
        'group by every selected dimension',
      );
    }
  }
}

export interface OrderTranslation {
  readonly order: [string, OrderDirection][];
  /** Measures ordered by but not selected: queried, not output. */
  readonly extraMeasures: string[];
}

function sortDirection(sortBy: { sortby_dir?: string }): OrderDirection {
  return sortBy.sortby_dir === 'SORTBY_DESC' ? 'desc' : 'asc';
}

function orderTerm(node: Node, items: readonly SelectItem[], context: SqlTranslationContext): SqlTerm {
  const { item, term } = findSelectItem(node, items, context, 'ORDER BY');
  if (item === undefined && term.kind !== 'measure') {
    throw context.text.error(
      locationOf(node),
      `ORDER BY ${describeTerm(term)} is not in the select list`,
      'order by selected columns or by measures',
    );
  }
  return term;
}

/** ORDER BY entries as `[member path, direction]`; a time dimension orders by its dimension path. */
export function translateOrderBy(
  select: SelectStmt,
  items: readonly SelectItem[],
  context: SqlTranslationContext,
): OrderTranslation {
  const { text } = context;
  const order: [string, OrderDirection][] = [];
  const extraMeasures: string[] = [];
  for (const entry of select.sortClause ?? []) {
    const sortBy = 'SortBy' in entry ? entry.SortBy : undefined;
    const node = sortBy?.node;
    if (sortBy === undefined || node === undefined) continue;
    const start = locationOf(node);
    if (sortBy.sortby_dir === 'SORTBY_USING') {
      throw text.errorAt(
        text.findKeyword('using', start === undefined ? 0 : text.indexOfByte(start)),
        'ORDER BY ... USING is not supported',
        'use ASC or DESC',
      );
    }
    if (sortBy.sortby_nulls !== undefined && sortBy.sortby_nulls !== 'SORTBY_NULLS_DEFAULT') {
      const keyword = sortBy.sortby_nulls === 'SORTBY_NULLS_FIRST' ? 'NULLS FIRST' : 'NULLS LAST';
      throw text.errorAt(
        text.findKeyword('nulls', start === undefined ? 0 : text.indexOfByte(start)),
        `${keyword} is not supported`,
        'ORDER BY takes ASC or DESC',
      );
    }
    const term = orderTerm(node, items, context);
    const path = term.member.path;
    if (order.some(([ordered]) => ordered === path)) continue;
    order.push([path, sortDirection(sortBy)]);
    const isSelected = items.some((item) => item.term.kind === 'measure' && item.term.key === term.key);
    if (term.kind === 'measure' && !isSelected) extraMeasures.push(path);
  }
  return { order, extraMeasures };
}

/** LIMIT and OFFSET: integer constants; `LIMIT ALL` (or NULL) means no limit given. */
export function integerClause(
  node: Node | undefined,
  clause: 'LIMIT' | 'OFFSET',
  context: SqlTranslationContext,
): number | undefined {
  if (node === undefined) return undefined;
  if ('A_Const' in node) {
    const constant = node.A_Const;
    if (constant.isnull === true) return undefined;
    const value = constant.ival === undefined ? undefined : (constant.ival.ival ?? 0);
    if (value !== undefined && value >= 0) return value;
  }
  throw context.text.error(locationOf(node), `${clause} must be a non-negative integer constant`);
}
