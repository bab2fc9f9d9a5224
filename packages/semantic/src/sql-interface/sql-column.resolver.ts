import type { ColumnRef } from 'libpg-query';
import type { ResolvedMember } from '../compile/compiled-model.types.js';
import { suggestName } from '../parse/suggest-name.js';
import type { SourceLookup } from './sql-model-lookup.js';
import { matchName } from './sql-model-lookup.js';
import { nodeStrings } from './sql-node.js';
import type { SqlSourceText } from './sql-source-text.js';

/** What a translation of one statement knows: the text for error positions and the source in FROM. */
export interface SqlTranslationContext {
  readonly text: SqlSourceText;
  readonly lookup: SourceLookup;
  /** The relation name as the parser read it (folded to lower case unless quoted). */
  readonly relationName: string;
  readonly alias?: string;
}

/** `orders` or `o (orders)`: the FROM entry as messages name it. */
export function describeFrom(context: SqlTranslationContext): string {
  const name = context.lookup.source.name;
  return context.alias === undefined ? name : `${context.alias} (${name})`;
}

function isKnownQualifier(
  context: SqlTranslationContext,
  qualifier: string,
  isQuoted: () => boolean,
): boolean {
  const sourceName = context.lookup.source.name;
  if ([context.alias, context.relationName, sourceName].includes(qualifier)) return true;
  return !isQuoted() && qualifier.toLowerCase() === sourceName.toLowerCase();
}

/** `unknown "x"` with a "did you mean" hint over public names, when there is one close enough. */
export function unknownNameHint(name: string, publicNames: readonly string[]): string | undefined {
  const suggestion = suggestName(name, publicNames);
  return suggestion === undefined ? undefined : `did you mean "${suggestion}"?`;
}

/** The member a column reference names: `member`, `alias.member` or `source.member`. */
export function resolveColumn(reference: ColumnRef, context: SqlTranslationContext): ResolvedMember {
  const { text, lookup } = context;
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
  if (second !== undefined && !isKnownQualifier(context, first, () => quoted()[0] === true)) {
    throw text.error(
      reference.location,
      `Unknown table "${first}"`,
      `columns come from ${describeFrom(context)}, the cube or view in FROM`,
    );
  }
  const name = second ?? first;
  const match = matchName(
    lookup.members,
    name,
    () => quoted()[names.length - 1] === true,
    (member) => member.name,
  );
  if (match.kind === 'found') return match.value;
  if (match.kind === 'ambiguous') {
    throw text.error(
      reference.location,
      `Column "${name}" matches several members of ${lookup.source.name} (${match.names.join(', ')})`,
      'write the name in double quotes with its exact case',
    );
  }
  throw text.error(
    reference.location,
    `Unknown column "${name}" in ${lookup.source.name}`,
    unknownNameHint(name, lookup.members.publicNames),
  );
}
