import type { ColumnRef } from 'libpg-query';
import type { ResolvedMember } from '../compile/compiled-model.types.js';
import { suggestName } from '../parse/suggest-name.js';
import type { SourceLookup } from './sql-model-lookup.js';
import { matchName } from './sql-model-lookup.js';
import { nodeStrings } from './sql-node.js';
import type { SqlSourceText } from './sql-source-text.js';

/** A cube or view of the FROM clause. */
export interface SqlFromSource {
  readonly lookup: SourceLookup;
  /** The relation name as the parser read it (folded to lower case unless quoted). */
  readonly relationName: string;
  readonly alias?: string;
  readonly location?: number;
}

/** What a translation of one statement knows: the text for error positions and the sources in FROM. */
export interface SqlTranslationContext {
  readonly text: SqlSourceText;
  /** One cube or view, or several cubes joined with CROSS JOIN, in the order written. */
  readonly sources: readonly SqlFromSource[];
}

/** `orders` or `o (orders)`: a FROM entry as messages name it. */
function describeSource(source: SqlFromSource): string {
  const name = source.lookup.source.name;
  return source.alias === undefined ? name : `${source.alias} (${name})`;
}

/** `orders, customers`: the sources in FROM by their model names. */
export function sourceNames(context: SqlTranslationContext): string {
  return context.sources.map((source) => source.lookup.source.name).join(', ');
}

function isQualifierOf(source: SqlFromSource, qualifier: string, isQuoted: () => boolean): boolean {
  const sourceName = source.lookup.source.name;
  if ([source.alias, source.relationName, sourceName].includes(qualifier)) return true;
  return !isQuoted() && qualifier.toLowerCase() === sourceName.toLowerCase();
}

/** `unknown "x"` with a "did you mean" hint over public names, when there is one close enough. */
export function unknownNameHint(name: string, publicNames: readonly string[]): string | undefined {
  const suggestion = suggestName(name, publicNames);
  return suggestion === undefined ? undefined : `did you mean "${suggestion}"?`;
}

function qualifiedSource(
  reference: ColumnRef,
  qualifier: string,
  isQuoted: () => boolean,
  context: SqlTranslationContext,
): SqlFromSource {
  const found = context.sources.find((source) => isQualifierOf(source, qualifier, isQuoted));
  if (found !== undefined) return found;
  const [only] = context.sources;
  const hint =
    only !== undefined && context.sources.length === 1
      ? `columns come from ${describeSource(only)}, the cube or view in FROM`
      : `columns come from the cubes in FROM: ${context.sources.map(describeSource).join(', ')}`;
  throw context.text.error(reference.location, `Unknown table "${qualifier}"`, hint);
}

/**
 * The member a bare name finds among the sources in FROM: exact matches first (as Postgres reads names),
 * else case-insensitive ones; a name found in several joined cubes must be qualified.
 */
function bareMember(
  reference: ColumnRef,
  name: string,
  isQuoted: () => boolean,
  context: SqlTranslationContext,
): ResolvedMember {
  const { text } = context;
  const exact = context.sources.flatMap((source) => {
    const member = source.lookup.members.exact.get(name);
    return member === undefined ? [] : [{ source, member }];
  });
  const candidates =
    exact.length > 0
      ? exact
      : context.sources.flatMap((source) => {
          const match = matchName(source.lookup.members, name, isQuoted, (member) => member.name);
          if (match.kind === 'ambiguous') {
            throw text.error(
              reference.location,
              `Column "${name}" matches several members of ${source.lookup.source.name} (${match.names.join(', ')})`,
              'write the name in double quotes with its exact case',
            );
          }
          return match.kind === 'found' ? [{ source, member: match.value }] : [];
        });
  const [first, second] = candidates;
  if (first !== undefined && second === undefined) return first.member;
  if (first !== undefined) {
    const cubes = candidates.map((candidate) => candidate.source.lookup.source.name);
    throw text.error(
      reference.location,
      `Column "${name}" is ambiguous: ${cubes.join(' and ')} both have it`,
      `qualify it, e.g. ${cubes[0]}.${first.member.name}`,
    );
  }
  const [only] = context.sources;
  if (only !== undefined && context.sources.length === 1) {
    throw text.error(
      reference.location,
      `Unknown column "${name}" in ${only.lookup.source.name}`,
      unknownNameHint(name, only.lookup.members.publicNames),
    );
  }
  throw text.error(
    reference.location,
    `Unknown column "${name}" in ${sourceNames(context)}`,
    unknownNameHint(
      name,
      context.sources.flatMap((source) => source.lookup.members.publicNames),
    ),
  );
}

/** The member a column reference names: `member`, `alias.member` or `source.member`. */
export function resolveColumn(reference: ColumnRef, context: SqlTranslationContext): ResolvedMember {
  const { text } = context;
  const fields = reference.fields ?? [];
  if (fields.some((field) => 'A_Star' in field)) {
    throw text.error(reference.location, '* is not supported', 'name the columns');
  }
  const names = nodeStrings(fields);
  const quoted = (): boolean[] => text.quotedParts(reference.location, names.length);
  if (names.length > 2) {
    throw text.error(
      reference.location,
      `Column name "${names.join('.')}" has too many parts`,
      'write member or table.member',
    );
  }
  const [first = '', second] = names;
  const isNameQuoted = () => quoted()[names.length - 1] === true;
  if (second === undefined) return bareMember(reference, first, isNameQuoted, context);
  const { lookup } = qualifiedSource(reference, first, () => quoted()[0] === true, context);
  const match = matchName(lookup.members, second, isNameQuoted, (member) => member.name);
  if (match.kind === 'found') return match.value;
  if (match.kind === 'ambiguous') {
    throw text.error(
      reference.location,
      `Column "${second}" matches several members of ${lookup.source.name} (${match.names.join(', ')})`,
      'write the name in double quotes with its exact case',
    );
  }
  throw text.error(
    reference.location,
    `Unknown column "${second}" in ${lookup.source.name}`,
    unknownNameHint(second, lookup.members.publicNames),
  );
}

/** Whether a bare name is a member of a source in FROM (exactly, or case-insensitively when unquoted). */
export function isMemberOfSources(
  name: string,
  isQuoted: () => boolean,
  context: SqlTranslationContext,
): boolean {
  return context.sources.some(
    (source) => matchName(source.lookup.members, name, isQuoted, (member) => member.name).kind === 'found',
  );
}
