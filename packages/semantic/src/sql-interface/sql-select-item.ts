import type { Node } from 'libpg-query';
import { isMemberOfSources, type SqlTranslationContext } from './sql-column.resolver.js';
import { locationOf, nodeStrings } from './sql-node.js';
import { resolveTerm } from './sql-term.resolver.js';
import type { SqlTerm } from './sql-term.types.js';

/** One entry of the select list, resolved. */
export interface SelectItem {
  readonly term: SqlTerm;
  /** The output column name: the alias, else the member's name, made unique. */
  readonly name: string;
  readonly alias?: string;
  readonly location?: number;
}

/** `"status"` or `DATE_TRUNC('month', created_at)`: a term as messages name it. */
export function describeTerm(term: SqlTerm): string {
  return term.kind === 'timeDimension'
    ? `DATE_TRUNC('${term.granularity}', ${term.member.name})`
    : `"${term.member.name}"`;
}

/** Output names in select order; a repeated name gets `_2`, `_3`… (the first unused). */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let unique = name;
    for (let suffix = 2; used.has(unique); suffix += 1) unique = `${name}_${suffix}`;
    used.add(unique);
    return unique;
  });
}

/** The single name of a one-part column reference (`status`, not `o.status`), if the node is one. */
function bareColumnName(node: Node): string | undefined {
  if (!('ColumnRef' in node)) return undefined;
  const names = nodeStrings(node.ColumnRef.fields);
  const [name] = names;
  return names.length === 1 && (node.ColumnRef.fields ?? []).every((field) => 'String' in field)
    ? name
    : undefined;
}

/** Whether a bare name is a member of a FROM source (exactly, or case-insensitively when unquoted). */
function isMemberName(name: string, node: Node, context: SqlTranslationContext): boolean {
  const location = locationOf(node);
  return isMemberOfSources(name, () => context.text.quotedParts(location, 1)[0] === true, context);
}

/**
 * The item a GROUP BY or ORDER BY entry names: by position (`1`), by output name, or by the same term.
 * ORDER BY prefers output names over members, as Postgres; GROUP BY prefers the member when it is selected
 * as itself, else takes the output name (so `DATE_TRUNC(...) AS created_at ... GROUP BY created_at` works).
 */
export function findSelectItem(
  node: Node,
  items: readonly SelectItem[],
  context: SqlTranslationContext,
  clause: 'GROUP BY' | 'ORDER BY',
): { item?: SelectItem; term: SqlTerm } {
  const { text } = context;
  if ('A_Const' in node && node.A_Const.ival !== undefined) {
    const position = node.A_Const.ival.ival ?? 0;
    const item = items[position - 1];
    if (item === undefined) {
      throw text.error(node.A_Const.location, `${clause} position ${position} is not in the select list`);
    }
    return { item, term: item.term };
  }
  const name = bareColumnName(node);
  if (name !== undefined) {
    const named = items.filter((item) => item.name === name || item.alias === name);
    const [first] = named;
    if (first !== undefined) {
      if (named.some((item) => item.term.key !== first.term.key)) {
        throw text.error(
          locationOf(node),
          `${clause} "${name}" is ambiguous`,
          'several selected columns have that name',
        );
      }
      if (clause === 'ORDER BY' || !isMemberName(name, node, context))
        return { item: first, term: first.term };
      const term = resolveTerm(node, context);
      const item = items.find(
        (candidate) => candidate.term.kind === term.kind && candidate.term.key === term.key,
      );
      return item === undefined ? { item: first, term: first.term } : { item, term };
    }
  }
  const term = resolveTerm(node, context);
  const item = items.find(
    (candidate) => candidate.term.kind === term.kind && candidate.term.key === term.key,
  );
  return item === undefined ? { term } : { item, term };
}
