import type { AccessScope } from '../access/access-scope.types.js';
import type { CompiledModel, CompiledSource, ResolvedMember } from '../compile/compiled-model.types.js';
import { modelIndexOf } from '../plan/model-index.js';
import { aggregationType, measureValueType } from './member-metadata.js';
import type {
  MetadataSearchIndex,
  MetadataSearchMember,
  MetadataSearchOptions,
  MetadataSearchResult,
  MetadataSearchSource,
} from './metadata-search.types.js';
import { searchTerms } from './search-terms.js';

/** A source (member undefined) or one of its members. */
interface IndexedDocument {
  readonly sourceIndex: number;
  readonly member?: ResolvedMember;
  /** The member's position in its source, to keep model order among equal scores. */
  readonly memberIndex: number;
}

interface Posting {
  readonly document: number;
  readonly weight: number;
}

/** Names, titles and synonyms say what a thing is; descriptions only mention words, so they count less. */
const weights = { sourceName: 4, memberName: 3, alternateName: 2, description: 1 };
/** A query word that is only the start of indexed words (`rev` → `revenue`) counts half. */
const prefixFactor = 0.5;
const maximumPrefixExpansions = 20;
const defaultLimit = 10;
const defaultMemberLimit = 25;

/**
 * Indexes a model's cubes, views and members once for keyword search (the AI analyst's `platformMeta`);
 * each search filters by the caller's scope, so one index serves every caller of the model.
 */
export function createMetadataSearchIndex(model: CompiledModel): MetadataSearchIndex {
  const sources = [...model.sources.values()];
  const documents: IndexedDocument[] = sources.map((_source, sourceIndex) => ({
    sourceIndex,
    memberIndex: -1,
  }));
  const memberDocuments: number[][] = sources.map(() => []);
  const building = new Map<string, Map<number, number>>();
  const addText = (document: number, text: string | undefined, weight: number): void => {
    for (const term of searchTerms(text ?? '')) {
      const postings = building.get(term) ?? new Map<number, number>();
      postings.set(document, Math.max(postings.get(document) ?? 0, weight));
      building.set(term, postings);
    }
  };
  sources.forEach((source, sourceIndex) => {
    for (const text of [source.name, source.title, ...source.synonyms])
      addText(sourceIndex, text, weights.sourceName);
    addText(sourceIndex, source.description, weights.description);
    source.members.forEach((member, memberIndex) => {
      const document = documents.length;
      documents.push({ sourceIndex, member, memberIndex });
      memberDocuments[sourceIndex]?.push(document);
      for (const text of [member.name, member.shortTitle, ...member.synonyms]) {
        addText(document, text, weights.memberName);
      }
      addText(document, member.definition.name, weights.alternateName);
      addText(document, member.description, weights.description);
    });
  });
  const postings = new Map<string, Posting[]>();
  for (const [term, byDocument] of building) {
    postings.set(
      term,
      [...byDocument].map(([document, weight]) => ({ document, weight })),
    );
  }
  const sortedTerms = [...postings.keys()].sort();
  const graph = modelIndexOf(model).graph;
  const index: SearchIndexData = {
    sources,
    documents,
    memberDocuments,
    postings,
    sortedTerms,
    sourceIndexes: new Map(sources.map((source, sourceIndex) => [source.name, sourceIndex])),
    reachableFrom: (source) => (source.kind === 'cube' ? graph.reachableFrom(source.name) : []),
  };
  return { search: (text, options) => search(index, text, options) };
}

interface SearchIndexData {
  readonly sources: readonly CompiledSource[];
  readonly documents: readonly IndexedDocument[];
  readonly memberDocuments: readonly (readonly number[])[];
  readonly postings: ReadonlyMap<string, readonly Posting[]>;
  readonly sortedTerms: readonly string[];
  readonly sourceIndexes: ReadonlyMap<string, number>;
  /** The cubes a cube joins through the model's join graph, nearest first; none for a view. */
  readonly reachableFrom: (source: CompiledSource) => readonly string[];
}

function search(index: SearchIndexData, text: string, options: MetadataSearchOptions): MetadataSearchResult {
  const limit = Math.max(0, options.limit ?? defaultLimit);
  const memberLimit = Math.max(0, options.memberLimit ?? defaultMemberLimit);
  const isVisible = visibilityOf(index, options.scope);
  const terms = searchTerms(text);
  const memberScores = new Map<number, number>();
  const termScores = new Map<number, number[]>();
  terms.forEach((term, termIndex) => {
    for (const [document, score] of bestScores(index, term, isVisible)) {
      const { sourceIndex, member } = index.documents[document] ?? { sourceIndex: -1 };
      if (member !== undefined) memberScores.set(document, (memberScores.get(document) ?? 0) + score);
      const row = termScores.get(sourceIndex) ?? terms.map(() => 0);
      row[termIndex] = Math.max(row[termIndex] ?? 0, score);
      termScores.set(sourceIndex, row);
    }
  });
  // A source's score sums, per query word, the best match among the source and its members.
  const ranked =
    terms.length === 0
      ? index.sources.map((_source, sourceIndex) => ({ sourceIndex, score: 0 }))
      : [...termScores].map(([sourceIndex, row]) => ({
          sourceIndex,
          score: row.reduce((sum, value) => sum + value),
        }));
  ranked.sort((left, right) => right.score - left.score || left.sourceIndex - right.sourceIndex);
  const chosen: number[] = [];
  for (const { sourceIndex } of ranked) {
    if (chosen.length >= limit) break;
    if (index.sources[sourceIndex] !== undefined && isVisible(sourceIndex)) chosen.push(sourceIndex);
  }
  const isSourceVisible = (name: string): boolean => {
    const sourceIndex = index.sourceIndexes.get(name);
    return sourceIndex !== undefined && isVisible(sourceIndex);
  };
  // why: a question may filter or group through a join ("payments for customers in Spain"); the cubes the
  // best results join must be in the result for their dimensions and values to be usable.
  for (const sourceIndex of [...chosen]) {
    const source = index.sources[sourceIndex];
    for (const name of source === undefined ? [] : index.reachableFrom(source)) {
      const joined = index.sourceIndexes.get(name);
      if (chosen.length >= limit) break;
      if (joined !== undefined && !chosen.includes(joined) && isVisible(joined)) chosen.push(joined);
    }
  }
  const cubes = chosen.flatMap((sourceIndex) => {
    const source = index.sources[sourceIndex];
    if (source === undefined) return [];
    const members = rankMembers(
      index.memberDocuments[sourceIndex] ?? [],
      memberScores,
      isVisible,
      memberLimit,
    );
    const joins = index.reachableFrom(source).filter(isSourceVisible);
    const result: MetadataSearchSource = {
      name: source.name,
      type: source.kind,
      title: source.title,
      ...(source.description === undefined ? {} : { description: source.description }),
      ...(source.synonyms.length === 0 ? {} : { synonyms: source.synonyms }),
      ...(joins.length === 0 ? {} : { joins }),
      members: members.flatMap((document) => {
        const member = index.documents[document]?.member;
        return member === undefined ? [] : [searchMember(member)];
      }),
    };
    return [result];
  });
  return { cubes, searchQuery: text };
}

/** Per document, the best score of one query word: its exact term, or else the terms it begins. */
function bestScores(index: SearchIndexData, term: string, isVisible: (document: number) => boolean) {
  const expansions: [string, number][] = index.postings.has(term)
    ? [[term, 1]]
    : prefixedTerms(index.sortedTerms, term).map((expansion) => [expansion, prefixFactor]);
  const best = new Map<number, number>();
  for (const [expansion, factor] of expansions) {
    const postings = index.postings.get(expansion) ?? [];
    const rarity = Math.log(1 + index.documents.length / Math.max(postings.length, 1));
    for (const posting of postings) {
      const score = posting.weight * rarity * factor;
      if (score > (best.get(posting.document) ?? 0) && isVisible(posting.document)) {
        best.set(posting.document, score);
      }
    }
  }
  return best;
}

function prefixedTerms(sortedTerms: readonly string[], prefix: string): string[] {
  if (prefix.length < 3) return [];
  let low = 0;
  let high = sortedTerms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sortedTerms[middle] ?? '') < prefix) low = middle + 1;
    else high = middle;
  }
  const found: string[] = [];
  for (let position = low; found.length < maximumPrefixExpansions; position += 1) {
    const term = sortedTerms[position];
    if (term === undefined || !term.startsWith(prefix)) break;
    found.push(term);
  }
  return found;
}

/** Matching members best first, then the other visible members in model order, up to the limit. */
function rankMembers(
  documents: readonly number[],
  scores: ReadonlyMap<number, number>,
  isVisible: (document: number) => boolean,
  limit: number,
): number[] {
  const matched = documents
    .filter((document) => scores.has(document))
    .sort((left, right) => (scores.get(right) ?? 0) - (scores.get(left) ?? 0) || left - right);
  const others = documents.filter((document) => !scores.has(document));
  const ranked: number[] = [];
  for (const document of [...matched, ...others]) {
    if (ranked.length >= limit) break;
    if (isVisible(document)) ranked.push(document);
  }
  return ranked;
}

/** Whether a document may appear for this caller, asked of the scope once per document and search. */
function visibilityOf(index: SearchIndexData, scope: AccessScope): (document: number) => boolean {
  const known = new Map<number, boolean>();
  return (document) => {
    const cached = known.get(document);
    if (cached !== undefined) return cached;
    const entry = index.documents[document];
    const source = entry === undefined ? undefined : index.sources[entry.sourceIndex];
    let isVisible = false;
    if (entry?.member !== undefined)
      isVisible = entry.member.isPublic && scope.isMemberVisible(entry.member.path);
    else if (source !== undefined) isVisible = source.isPublic && scope.isSourceVisible(source.name);
    known.set(document, isVisible);
    return isVisible;
  };
}

function searchMember(member: ResolvedMember): MetadataSearchMember {
  const definition = member.definition;
  const base = {
    name: member.path,
    title: member.title,
    ...(member.description === undefined ? {} : { description: member.description }),
    ...(member.synonyms.length === 0 ? {} : { synonyms: member.synonyms }),
  };
  if (definition.kind === 'measure') {
    return {
      ...base,
      kind: 'measure',
      type: measureValueType(definition),
      aggType: aggregationType(definition),
    };
  }
  if (definition.kind === 'dimension') return { ...base, kind: 'dimension', type: definition.type };
  return { ...base, kind: 'segment', type: 'boolean' };
}
