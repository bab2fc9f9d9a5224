import type { JoinExpr, Node, RangeVar, SelectStmt } from 'libpg-query';
import type { CompiledModel } from '../compile/compiled-model.types.js';
import { modelIndexOf } from '../plan/model-index.js';
import { type SqlFromSource, unknownNameHint } from './sql-column.resolver.js';
import { lookupModel, matchName } from './sql-model-lookup.js';
import { locationOf, nodeKind } from './sql-node.js';
import type { SqlSourceText } from './sql-source-text.js';

/** More cubes than this in one FROM are refused: no question needs them, and each one widens the join. */
export const maximumJoinedSources = 8;

const oneSourceHint = 'query one cube or view, or join cubes with CROSS JOIN';
const crossJoinHint = "write CROSS JOIN: the model's joins apply";

const fromItemDescriptions: Readonly<Record<string, string>> = {
  RangeSubselect: 'Subqueries are',
  RangeFunction: 'Functions in FROM are',
  RangeTableSample: 'TABLESAMPLE is',
  RangeTableFunc: 'XMLTABLE is',
  JsonTable: 'JSON_TABLE is',
};

const joinTypeNames: Readonly<Record<string, string>> = {
  JOIN_LEFT: 'LEFT JOIN',
  JOIN_RIGHT: 'RIGHT JOIN',
  JOIN_FULL: 'FULL JOIN',
};

/** The JOIN keyword of a join: the last one between its two sides (comments and strings skipped). */
function joinKeywordIndex(join: JoinExpr, text: SqlSourceText): number | undefined {
  const left = locationOf(join.larg);
  const right = locationOf(join.rarg);
  const end = right === undefined ? text.text.length : text.indexOfByte(right);
  let found: number | undefined;
  let index = text.findKeyword('join', left === undefined ? 0 : text.indexOfByte(left));
  while (index !== undefined && index < end) {
    found = index;
    index = text.findKeyword('join', index + 'join'.length);
  }
  return found;
}

/** Why a join is refused, or undefined for a CROSS JOIN (an inner join with no condition). */
function refusedJoin(join: JoinExpr): string | undefined {
  const typeName = joinTypeNames[join.jointype ?? ''];
  if (typeName !== undefined) return `${typeName} is not supported`;
  if (join.jointype !== undefined && join.jointype !== 'JOIN_INNER') return 'This JOIN is not supported';
  if (join.isNatural === true) return 'NATURAL JOIN is not supported';
  if (join.usingClause !== undefined) return 'JOIN ... USING is not supported';
  if (join.quals !== undefined) return 'JOIN ... ON is not supported';
  if (join.alias !== undefined) return 'An alias of a join is not supported';
  return undefined;
}

function checkRelation(relation: RangeVar, text: SqlSourceText): void {
  if (relation.schemaname !== undefined || relation.catalogname !== undefined) {
    throw text.error(
      relation.location,
      'Schema-qualified names are not supported',
      'name the cube or view alone',
    );
  }
  if ((relation.alias?.colnames ?? []).length > 0) {
    throw text.error(relation.location, 'Column aliases in FROM are not supported');
  }
}

/** The relations of a FROM item, left to right: one cube or view, or cubes joined by CROSS JOIN. */
function relationsOf(item: Node, text: SqlSourceText, start: number): RangeVar[] {
  const relations: RangeVar[] = [];
  const pending: Node[] = [item];
  // why: iterative, so a long chain of joins cannot exhaust the stack; right sides are visited last.
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if ('JoinExpr' in node) {
      const join = node.JoinExpr;
      const refusal = refusedJoin(join);
      if (refusal !== undefined) throw text.errorAt(joinKeywordIndex(join, text), refusal, crossJoinHint);
      if (join.rarg !== undefined) pending.push(join.rarg);
      if (join.larg !== undefined) pending.push(join.larg);
      continue;
    }
    if (!('RangeVar' in node)) {
      const description = fromItemDescriptions[nodeKind(node)] ?? `${nodeKind(node)} is`;
      const location = locationOf(node);
      throw text.errorAt(
        relations.length === 0 ? text.findTokenAfterKeyword('from', start) : text.indexOfByte(location ?? 0),
        `${description} not supported`,
        oneSourceHint,
      );
    }
    checkRelation(node.RangeVar, text);
    relations.push(node.RangeVar);
  }
  return relations;
}

function resolveRelation(model: CompiledModel, relation: RangeVar, text: SqlSourceText): SqlFromSource {
  const modelLookup = lookupModel(model);
  const relationName = relation.relname ?? '';
  const isQuoted = (): boolean => text.quotedParts(relation.location, 1)[0] === true;
  const match = matchName(modelLookup.sources, relationName, isQuoted, (source) => source.name);
  if (match.kind === 'ambiguous') {
    throw text.error(
      relation.location,
      `"${relationName}" matches several cubes or views (${match.names.join(', ')})`,
      'write the name in double quotes with its exact case',
    );
  }
  if (match.kind === 'missing') {
    throw text.error(
      relation.location,
      `Unknown cube or view "${relationName}"`,
      unknownNameHint(relationName, modelLookup.sources.publicNames),
    );
  }
  const alias = relation.alias?.aliasname;
  return {
    lookup: modelLookup.sourceLookup(match.value),
    relationName,
    ...(alias === undefined ? {} : { alias }),
    ...(relation.location === undefined ? {} : { location: relation.location }),
  };
}

/** Joined cubes must be cubes, each once, under names used once, and joined to the first by the model. */
function checkJoinedSources(model: CompiledModel, sources: readonly SqlFromSource[], text: SqlSourceText) {
  const [first] = sources;
  if (first === undefined || sources.length === 1) return;
  const reachable = new Set(modelIndexOf(model).graph.reachableFrom(first.lookup.source.name));
  const names = new Set<string>();
  sources.forEach((source, position) => {
    const { name, kind } = source.lookup.source;
    if (kind === 'view') {
      throw text.error(
        source.location,
        `The view ${name} cannot be joined`,
        'a view already holds its joins: query it alone, or CROSS JOIN its cubes',
      );
    }
    const used = source.alias ?? source.relationName;
    if (sources.slice(0, position).some((other) => other.lookup.source.name === name)) {
      throw text.error(source.location, `${name} appears twice in FROM`, 'name each cube once');
    }
    if (names.has(used)) {
      throw text.error(
        source.location,
        `The name "${used}" is used twice in FROM`,
        'give each cube its own alias',
      );
    }
    names.add(used);
    if (position > 0 && !reachable.has(name)) {
      throw text.error(
        source.location,
        `No join path between ${first.lookup.source.name} and ${name}`,
        "CROSS JOIN only cubes the model's joins connect",
      );
    }
  });
}

/** The cubes or view in FROM: one cube or view, or cubes joined with CROSS JOIN along the model's joins. */
export function fromSourcesOf(
  model: CompiledModel,
  select: SelectStmt,
  text: SqlSourceText,
  start: number,
): SqlFromSource[] {
  const [item, second] = select.fromClause ?? [];
  if (item === undefined) {
    throw text.errorAt(text.text.trimEnd().length, 'FROM is missing', 'name one cube or view');
  }
  if (second !== undefined) {
    throw text.error(locationOf(second), 'Several tables in FROM are not supported', oneSourceHint);
  }
  const relations = relationsOf(item, text, start);
  if (relations.length > maximumJoinedSources) {
    throw text.error(
      relations[maximumJoinedSources]?.location,
      `More than ${maximumJoinedSources} cubes in FROM are not supported`,
      'join fewer cubes',
    );
  }
  const sources = relations.map((relation) => resolveRelation(model, relation, text));
  checkJoinedSources(model, sources, text);
  return sources;
}
