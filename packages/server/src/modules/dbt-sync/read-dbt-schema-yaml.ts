import { DbtProjectError } from './dbt-project-error.js';
import type { DbtModelConfig } from './read-dbt-project-config.js';
import { setConfig } from './read-dbt-project-config.js';
import {
  isYamlRecord,
  readDbtYaml,
  type YamlRecord,
  yamlList,
  yamlString,
  yamlStringList,
} from './read-dbt-yaml.js';

/** One `models:` entry of a schema YAML file (dbt calls it a patch): what it documents about a model. */
export interface DbtModelPatch {
  name: string;
  /** The schema YAML file, for messages. */
  file: string;
  description: string | undefined;
  config: DbtModelConfig;
  columns: DbtColumnFacts[];
  /** Columns of a model-level `constraints: [{type: primary_key, columns: […]}]`, in their order. */
  primaryKeyConstraint: string[];
  /** Undocumented columns that model-level tests (`column_name:`) name: keys and joins, never dimensions. */
  testedColumns: DbtColumnFacts[];
}

export interface DbtColumnFacts {
  name: string;
  description: string | undefined;
  dataType: string | undefined;
  tags: string[];
  hasUniqueTest: boolean;
  hasNotNullTest: boolean;
  hasPrimaryKeyConstraint: boolean;
  /** `relationships` tests to a `ref('model')`; tests to a `source(…)` are not relationships between cubes. */
  relationships: Array<{ toModel: string; toColumn: string }>;
}

export interface DbtSchemaFile {
  models: DbtModelPatch[];
  /** Tables declared under `sources:`, for the sync's `manifestStats.sources`. */
  sourceTables: number;
}

/** Reads a schema YAML (properties) file; files that are not dbt properties (no `models:`/`sources:`) read as empty. */
export function readDbtSchemaYaml(path: string, text: string): DbtSchemaFile {
  const document = readDbtYaml(path, text);
  if (!isYamlRecord(document)) return { models: [], sourceTables: 0 };
  const models = listAt(document, 'models', path).map((entry, index) =>
    readModelPatch(entry, `${path}: models[${index}]`, path),
  );
  const sourceTables = listAt(document, 'sources', path).reduce<number>(
    (count, source) => count + (isYamlRecord(source) ? yamlList(source.tables).length : 0),
    0,
  );
  return { models, sourceTables };
}

function listAt(document: YamlRecord, key: string, path: string): unknown[] {
  const value = document[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new DbtProjectError(`${path}: \`${key}:\` must be a list`);
  return value;
}

function readModelPatch(entry: unknown, where: string, path: string): DbtModelPatch {
  if (!isYamlRecord(entry)) throw new DbtProjectError(`${where} must be a mapping with a name`);
  const name = yamlString(entry.name);
  if (name === undefined) throw new DbtProjectError(`${where} has no name`);
  const config: DbtModelConfig = {};
  if (isYamlRecord(entry.config)) {
    for (const [key, value] of Object.entries(entry.config)) setConfig(config, key, value);
  }
  const primaryKeyConstraint = yamlList(entry.constraints).flatMap((constraint) =>
    isYamlRecord(constraint) && constraint.type === 'primary_key' ? yamlStringList(constraint.columns) : [],
  );
  const columns = yamlList(entry.columns).map((column, index) =>
    readColumn(column, `${path}: model ${name}, columns[${index}]`),
  );
  // Generic tests on the model with a `column_name` argument test that column, as dbt reads them.
  const testedColumns: DbtColumnFacts[] = [];
  for (const test of testsOf(entry)) {
    const columnName = yamlString(test.arguments.column_name);
    if (columnName === undefined) continue;
    let facts =
      columns.find((column) => column.name === columnName) ??
      testedColumns.find((column) => column.name === columnName);
    if (facts === undefined) {
      facts = emptyColumnFacts(columnName);
      testedColumns.push(facts);
    }
    applyTest(facts, test);
  }
  return {
    name,
    file: path,
    description: yamlString(entry.description),
    config,
    columns,
    primaryKeyConstraint,
    testedColumns,
  };
}

function emptyColumnFacts(name: string): DbtColumnFacts {
  return {
    name,
    description: undefined,
    dataType: undefined,
    tags: [],
    hasUniqueTest: false,
    hasNotNullTest: false,
    hasPrimaryKeyConstraint: false,
    relationships: [],
  };
}

function testsOf(entry: YamlRecord): Array<{ name: string; arguments: YamlRecord }> {
  return [...yamlList(entry.data_tests), ...yamlList(entry.tests)].map(readTest);
}

function applyTest(facts: DbtColumnFacts, test: { name: string; arguments: YamlRecord }): void {
  if (test.name === 'unique') facts.hasUniqueTest = true;
  else if (test.name === 'not_null') facts.hasNotNullTest = true;
  else if (test.name === 'relationships') {
    const toModel = refTarget(test.arguments.to);
    const toColumn = yamlString(test.arguments.field);
    if (toModel !== undefined && toColumn !== undefined) facts.relationships.push({ toModel, toColumn });
  }
}

function readColumn(entry: unknown, where: string): DbtColumnFacts {
  if (!isYamlRecord(entry)) throw new DbtProjectError(`${where} must be a mapping with a name`);
  const name = yamlString(entry.name);
  if (name === undefined) throw new DbtProjectError(`${where} has no name`);
  const facts: DbtColumnFacts = {
    ...emptyColumnFacts(name),
    description: yamlString(entry.description),
    dataType: yamlString(entry.data_type),
    tags: yamlStringList(entry.tags),
    hasPrimaryKeyConstraint: yamlList(entry.constraints).some(
      (constraint) => isYamlRecord(constraint) && constraint.type === 'primary_key',
    ),
  };
  for (const test of testsOf(entry)) applyTest(facts, test);
  return facts;
}

/**
 * A generic test in any of dbt's spellings: `- unique`, `- unique: {config: …}`,
 * `- relationships: {to: …, field: …}`, the same under `arguments:` (dbt 1.10+), and the named form
 * `- {name: my_test, test_name: relationships, to: …, field: …}`.
 */
function readTest(entry: unknown): { name: string; arguments: YamlRecord } {
  if (typeof entry === 'string') return { name: entry.trim(), arguments: {} };
  if (!isYamlRecord(entry)) return { name: '', arguments: {} };
  const named = yamlString(entry.test_name);
  const [key, value] = named === undefined ? (Object.entries(entry)[0] ?? ['', {}]) : [named, entry];
  const body = isYamlRecord(value) ? value : {};
  return { name: key, arguments: isYamlRecord(body.arguments) ? { ...body, ...body.arguments } : body };
}

/** `ref('orders')`, `ref("orders")`, `{{ ref('orders') }}`, `ref('package', 'orders')`, `ref('orders', v=2)` → `orders`. */
export function refTarget(value: unknown): string | undefined {
  const text = yamlString(value);
  if (text === undefined) return undefined;
  const match =
    /^(?:\{\{\s*)?ref\(\s*(['"])([^'"]+)\1(?:\s*,\s*(['"])([^'"]+)\3)?\s*(?:,[^)]*)?\)(?:\s*\}\})?$/.exec(
      text,
    );
  return match ? (match[4] ?? match[2]) : undefined;
}
