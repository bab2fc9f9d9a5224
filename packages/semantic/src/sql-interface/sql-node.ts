import type { Node } from 'libpg-query';

/** The node's type name, such as `ColumnRef`: a parse-tree node is an object with that one key. */
export function nodeKind(node: Node): string {
  for (const key in node) return key;
  return 'unknown';
}

/** The names of a `String` node list (function names, type names, column name parts). */
export function nodeStrings(nodes: readonly Node[] | undefined): string[] {
  return (nodes ?? []).map((node) => ('String' in node ? (node.String.sval ?? '') : ''));
}

/** The earliest parse-tree location inside a node, for nodes that carry none themselves. */
export function locationOf(value: unknown, depth = 0): number | undefined {
  if (depth > 50 || value === null || typeof value !== 'object') return undefined;
  let earliest: number | undefined;
  for (const [key, child] of Object.entries(value)) {
    const location =
      key === 'location' && typeof child === 'number' && child >= 0 ? child : locationOf(child, depth + 1);
    if (location !== undefined && (earliest === undefined || location < earliest)) earliest = location;
  }
  return earliest;
}

const nodeDescriptions: Readonly<Record<string, string>> = {
  A_ArrayExpr: 'ARRAY constructors are',
  A_Expr: 'Expressions and arithmetic are',
  A_Indirection: 'Subscripts are',
  BooleanTest: 'IS TRUE / IS FALSE tests are',
  CaseExpr: 'CASE expressions are',
  CoalesceExpr: 'COALESCE is',
  CollateClause: 'COLLATE is',
  GroupingFunc: 'GROUPING() is',
  MinMaxExpr: 'GREATEST and LEAST are',
  NullIfExpr: 'NULLIF is',
  ParamRef: 'Parameters ($1) are',
  RowExpr: 'Row constructors are',
  SQLValueFunction: 'SQL value functions such as CURRENT_DATE are',
  SubLink: 'Subqueries are',
  TypeCast: 'Casts are',
  XmlExpr: 'XML functions are',
};

/** The start of an "… not supported" message for an expression the translator does not accept. */
export function describeUnsupportedNode(node: Node): string {
  return nodeDescriptions[nodeKind(node)] ?? `${nodeKind(node)} expressions are`;
}

/** Whether a parsed tree nests deeper than `maximumDepth` objects and arrays; iterative, so it cannot overflow. */
export function isNestedDeeperThan(value: unknown, maximumDepth: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, depth] = next;
    if (current === null || typeof current !== 'object') continue;
    if (depth > maximumDepth) return true;
    for (const child of Object.values(current)) {
      if (child !== null && typeof child === 'object') pending.push([child, depth + 1]);
    }
  }
  return false;
}
