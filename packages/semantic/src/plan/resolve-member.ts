import type { CompiledModel, ResolvedMember } from '../compile/compiled-model.types.js';
import { suggestName } from '../parse/suggest-name.js';
import { SemanticQueryError } from '../query/semantic-query-error.js';
import type { ModelIndex } from './model-index.js';

/** Where a member appears in a query, which decides the kinds it may be. */
export type MemberRole = 'measure' | 'dimension' | 'timeDimension' | 'segment' | 'filter';

const roleWords: Readonly<Record<MemberRole, string>> = {
  measure: 'measures',
  dimension: 'dimensions',
  timeDimension: 'timeDimensions',
  segment: 'segments',
  filter: 'filters',
};

function unknownMember(model: CompiledModel, index: ModelIndex, path: string): SemanticQueryError {
  const dot = path.indexOf('.');
  if (dot <= 0 || dot === path.length - 1) {
    return new SemanticQueryError(
      `\`${path}\` is not a member path; write \`cube.member\` or \`view.member\``,
    );
  }
  const sourceName = path.slice(0, dot);
  const memberName = path.slice(dot + 1);
  if (!model.sources.has(sourceName)) {
    const source = suggestName(sourceName, index.sourceNames);
    const candidate = source === undefined ? undefined : `${source}.${memberName}`;
    const hint =
      candidate !== undefined && model.findMember(candidate)
        ? `; did you mean \`${candidate}\`?`
        : source === undefined
          ? ''
          : `; did you mean \`${source}\`?`;
    return new SemanticQueryError(`unknown cube or view \`${sourceName}\` in \`${path}\`${hint}`);
  }
  const suggestion = suggestName(memberName, index.memberNamesOf(sourceName));
  const hint = suggestion === undefined ? '' : `; did you mean \`${sourceName}.${suggestion}\`?`;
  return new SemanticQueryError(`\`${sourceName}\` has no member \`${memberName}\`${hint}`);
}

/** Looks a query's member up and checks it may appear where it does; errors say what to write instead. */
export function resolveMember(
  model: CompiledModel,
  index: ModelIndex,
  path: unknown,
  role: MemberRole,
): ResolvedMember {
  if (typeof path !== 'string') {
    throw new SemanticQueryError(`${roleWords[role]} must list member paths as strings`);
  }
  const member = model.findMember(path);
  if (!member) throw unknownMember(model, index, path);
  const definition = member.definition;
  const isAllowed =
    role === 'filter'
      ? definition.kind !== 'segment'
      : role === 'timeDimension'
        ? definition.kind === 'dimension'
        : definition.kind === role;
  if (!isAllowed) {
    const where =
      definition.kind === 'segment' ? 'segments' : definition.kind === 'measure' ? 'measures' : 'dimensions';
    throw new SemanticQueryError(
      `\`${path}\` is a ${definition.kind} and cannot be used in ${roleWords[role]}; put it in ${where}`,
    );
  }
  if (role === 'timeDimension' && definition.kind === 'dimension' && definition.type !== 'time') {
    throw new SemanticQueryError(
      `\`${path}\` is a ${definition.type} dimension; timeDimensions take dimensions of type time`,
    );
  }
  return member;
}
