import type { CompiledModel, CompiledSource, ResolvedMember } from '../compile/compiled-model.types.js';
import type { Measure } from '../model/member.types.js';

/** Names found exactly, or case-insensitively when the SQL identifier was not quoted. */
export interface NameIndex<Value> {
  readonly exact: ReadonlyMap<string, Value>;
  readonly lowered: ReadonlyMap<string, readonly Value[]>;
  /** Public names, for "did you mean" hints that do not reveal hidden members. */
  readonly publicNames: readonly string[];
}

export interface SourceLookup {
  readonly source: CompiledSource;
  readonly members: NameIndex<ResolvedMember>;
  /** Plain `count` measures (no filters, no rolling window): what `COUNT(*)` can stand for. */
  readonly rowCountMeasures: readonly ResolvedMember[];
}

export interface ModelLookup {
  readonly sources: NameIndex<CompiledSource>;
  sourceLookup(source: CompiledSource): SourceLookup;
}

const lookups = new WeakMap<CompiledModel, ModelLookup>();

function indexNames<Value>(
  entries: Iterable<Value>,
  nameOf: (value: Value) => string,
  isPublic: (value: Value) => boolean,
): NameIndex<Value> {
  const exact = new Map<string, Value>();
  const lowered = new Map<string, Value[]>();
  const publicNames: string[] = [];
  for (const value of entries) {
    const name = nameOf(value);
    exact.set(name, value);
    const key = name.toLowerCase();
    lowered.set(key, [...(lowered.get(key) ?? []), value]);
    if (isPublic(value)) publicNames.push(name);
  }
  return { exact, lowered, publicNames };
}

function isRowCount(member: ResolvedMember): boolean {
  const definition = member.definition;
  if (definition.kind !== 'measure') return false;
  const measure: Measure = definition;
  return measure.type === 'count' && measure.filters.length === 0 && measure.rollingWindow === undefined;
}

function buildSourceLookup(source: CompiledSource): SourceLookup {
  return {
    source,
    members: indexNames(
      source.members,
      (member) => member.name,
      (member) => member.isPublic,
    ),
    rowCountMeasures: source.members.filter(isRowCount),
  };
}

/** Name indexes of a compiled model, built once per model and shared by every translation on it. */
export function lookupModel(model: CompiledModel): ModelLookup {
  const cached = lookups.get(model);
  if (cached !== undefined) return cached;
  const sourceLookups = new Map<string, SourceLookup>();
  const lookup: ModelLookup = {
    sources: indexNames(
      model.sources.values(),
      (source) => source.name,
      (source) => source.isPublic,
    ),
    sourceLookup(source) {
      let found = sourceLookups.get(source.name);
      if (found === undefined) {
        found = buildSourceLookup(source);
        sourceLookups.set(source.name, found);
      }
      return found;
    },
  };
  lookups.set(model, lookup);
  return lookup;
}

export type NameMatch<Value> =
  | { readonly kind: 'found'; readonly value: Value }
  | { readonly kind: 'ambiguous'; readonly names: readonly string[] }
  | { readonly kind: 'missing' };

/**
 * Postgres folds unquoted identifiers to lower case; names in the model keep their case, so an unquoted
 * name that matches nothing exactly is tried case-insensitively (`isQuoted` is asked only then).
 */
export function matchName<Value>(
  index: NameIndex<Value>,
  name: string,
  isQuoted: () => boolean,
  nameOf: (value: Value) => string,
): NameMatch<Value> {
  const exact = index.exact.get(name);
  if (exact !== undefined) return { kind: 'found', value: exact };
  if (isQuoted()) return { kind: 'missing' };
  const candidates = index.lowered.get(name.toLowerCase()) ?? [];
  const [first] = candidates;
  if (first === undefined) return { kind: 'missing' };
  if (candidates.length === 1) return { kind: 'found', value: first };
  return { kind: 'ambiguous', names: candidates.map(nameOf) };
}
