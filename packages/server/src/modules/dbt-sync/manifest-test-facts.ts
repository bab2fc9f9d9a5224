import { compareText } from './compare-text.js';
import type { DbtRelationship } from './dbt-project.types.js';
import { type ManifestObject, optionalObjectField, stringField, stringListField } from './manifest-fields.js';
import type { ManifestModel, ManifestModelIndex } from './manifest-model-index.js';
import { parseManifestRef } from './manifest-ref.js';

export interface ManifestTestFacts {
  /** Columns tested both `unique` and `not_null`, sorted. */
  readonly uniqueAndNotNull: string[];
  /** `relationships` tests, sorted by column, then model and field. */
  readonly relationships: DbtRelationship[];
}

interface ColumnTest {
  readonly name: 'unique' | 'not_null' | 'relationships';
  readonly model: ManifestModel;
  readonly column: string;
  readonly kwargs: ManifestObject;
  readonly target?: ManifestModel | undefined;
}

const readTestNames = new Set(['unique', 'not_null', 'relationships']);

/**
 * Tests are nodes of their own (resource_type `test`). Which model one tests is `attached_node` from
 * v9 on; before that it is the `ref` in `kwargs.model`, or the one model among `depends_on.nodes`
 * (a `relationships` test depends on its target too). Its column is `column_name`, which some versions
 * only keep in `kwargs`. Tests the mapping does not use (singular tests, `accepted_values`, package
 * tests) are skipped unread.
 */
export function readManifestTestFacts(
  tests: ReadonlyArray<[string, ManifestObject]>,
  index: ManifestModelIndex,
): Map<string, ManifestTestFacts> {
  const unique = new Set<string>();
  const notNull = new Set<string>();
  const relationships = new Map<string, DbtRelationship[]>();
  for (const [, node] of tests) {
    const test = readColumnTest(node, index);
    if (test === undefined) continue;
    const key = JSON.stringify([test.model.id, test.column]);
    if (test.name === 'unique') unique.add(key);
    else if (test.name === 'not_null') notNull.add(key);
    else if (test.target !== undefined) {
      const toColumn = stringField(test.kwargs, 'field');
      if (toColumn === null) continue;
      const list = relationships.get(test.model.id) ?? [];
      list.push({ column: test.column, toModel: test.target.model.name, toColumn });
      relationships.set(test.model.id, list);
    }
  }
  const facts = new Map<string, ManifestTestFacts>();
  const factsOf = (modelId: string): ManifestTestFacts => {
    const existing = facts.get(modelId);
    if (existing !== undefined) return existing;
    const created = { uniqueAndNotNull: [], relationships: sortedRelationships(relationships.get(modelId)) };
    facts.set(modelId, created);
    return created;
  };
  for (const key of [...unique].sort(compareText)) {
    if (!notNull.has(key)) continue;
    const [modelId = '', column = ''] = JSON.parse(key) as [string, string];
    factsOf(modelId).uniqueAndNotNull.push(column);
  }
  for (const modelId of relationships.keys()) factsOf(modelId);
  return facts;
}

function readColumnTest(node: ManifestObject, index: ManifestModelIndex): ColumnTest | undefined {
  const metadata = optionalObjectField(node, 'test_metadata');
  const name = stringField(metadata, 'name');
  const namespace = stringField(metadata, 'namespace');
  if (name === null || !readTestNames.has(name) || (namespace !== null && namespace !== 'dbt'))
    return undefined;
  const kwargs = optionalObjectField(metadata, 'kwargs');
  const column = stringField(node, 'column_name') ?? stringField(kwargs, 'column_name');
  if (column === null) return undefined;
  const target = name === 'relationships' ? refTarget(kwargs, 'to', index) : undefined;
  const model = testedModel(node, kwargs, target, index);
  if (model === undefined) return undefined;
  return { name: name as ColumnTest['name'], model, column, kwargs, target };
}

function testedModel(
  node: ManifestObject,
  kwargs: ManifestObject,
  target: ManifestModel | undefined,
  index: ManifestModelIndex,
): ManifestModel | undefined {
  const attached = stringField(node, 'attached_node');
  if (attached !== null) return index.byNodeId(attached);
  const referenced = refTarget(kwargs, 'model', index);
  if (referenced !== undefined) return referenced;
  const dependencies = stringListField(optionalObjectField(node, 'depends_on'), 'nodes').flatMap(
    (id) => index.byNodeId(id) ?? [],
  );
  const candidates = dependencies.filter((model) => model !== target);
  return candidates.length === 1 ? candidates[0] : undefined;
}

function refTarget(
  kwargs: ManifestObject,
  key: string,
  index: ManifestModelIndex,
): ManifestModel | undefined {
  const text = kwargs.value[key];
  if (typeof text !== 'string') return undefined;
  const ref = parseManifestRef(text);
  return ref === null ? undefined : index.resolve(ref);
}

function sortedRelationships(list: readonly DbtRelationship[] | undefined): DbtRelationship[] {
  const seen = new Map<string, DbtRelationship>();
  for (const relationship of list ?? []) {
    seen.set(
      JSON.stringify([relationship.column, relationship.toModel, relationship.toColumn]),
      relationship,
    );
  }
  return [...seen.entries()].sort(([left], [right]) => compareText(left, right)).map(([, value]) => value);
}
