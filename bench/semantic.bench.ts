import {
  type AccessScope,
  buildQuerySql,
  type CompiledModel,
  compileDataModel,
  compileModelFiles,
  createMetadataSearchIndex,
  duckDbDialect,
  loadSqlInterface,
  type ModelFile,
  resolveAccess,
  type SemanticQuery,
  translateSql,
} from '@platform/semantic';
import { generateModelFiles } from '../packages/semantic/test/fixtures/generated-model.fixture.js';
import { demoModelFiles } from '../packages/server/src/modules/data-model/demo-model/demo-model-files.js';
import { writeBenchResults } from './support/bench-options.js';
import { type HttpLoad, measureHttpLoad } from './support/http-load.js';
import { type LoadOverhead, measureLoadOverhead } from './support/load-overhead.js';
import { type TimingSummary, timeSamples, timingLine } from './support/timing-samples.js';

/** The goals of the semantic-layer benchmark (milliseconds); reported, never asserted. */
const goals = {
  compile200P50Ms: 300,
  compile1000P50Ms: 1500,
  sqlGenerationP50Ms: 0.5,
  sqlTranslationP50Ms: 2,
  metadataSearchP50Ms: 5,
  loadOverheadP50Ms: 2,
};

/** A typical dashboard query: two measures by a dimension and month, a filter, an order, a limit. */
const typicalQuery: SemanticQuery = {
  measures: ['sales.revenue', 'sales.order_count'],
  dimensions: ['sales.product_category'],
  timeDimensions: [
    { dimension: 'sales.ordered_at', granularity: 'month', dateRange: ['2025-07-01', '2026-06-30'] },
  ],
  filters: [{ member: 'sales.status', operator: 'equals', values: ['completed'] }],
  order: { 'sales.revenue': 'desc' },
  limit: 1000,
};

/** The same question through the SQL interface. */
const typicalSql = `SELECT product_category, DATE_TRUNC('month', ordered_at) AS month,
  MEASURE(revenue) AS revenue, MEASURE(order_count) AS orders
FROM sales
WHERE status = 'completed' AND ordered_at >= '2025-07-01' AND ordered_at < '2026-07-01'
GROUP BY 1, 2
ORDER BY revenue DESC
LIMIT 1000`;

const searchTexts = [
  'amount by category',
  'thing 512 distinct users',
  'entity 900 count per fiscal quarter',
  'created at of cube 42',
  'large amounts',
];

function compileFiles(files: readonly ModelFile[]): CompiledModel {
  const result = compileModelFiles(files);
  if (result.errors.length > 0) {
    throw new Error(`the model has ${result.errors.length} errors: ${result.errors[0]?.message}`);
  }
  return compileDataModel(result.model);
}

function numberOption(arguments_: string[], name: string, fallback: number, isInteger: boolean): number {
  const index = arguments_.indexOf(`--${name}`);
  const value = index >= 0 ? Number(arguments_[index + 1]) : fallback;
  if (!(Number.isFinite(value) && value > 0 && (!isInteger || Number.isInteger(value)))) {
    throw new Error(`--${name} must be a positive ${isInteger ? 'integer' : 'number'}`);
  }
  return value;
}

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function measureCompile(cubeCount: number, iterations: number): Promise<TimingSummary> {
  const files = generateModelFiles(cubeCount);
  return timeSamples(
    `compile a ${cubeCount.toLocaleString('en-US')}-cube model (parse, validate, index)`,
    { iterations, warmUp: 2 },
    () => compileFiles(files),
  );
}

function openScope(model: CompiledModel): AccessScope {
  return resolveAccess(model, { groups: [], securityContext: {}, userAttributes: {} });
}

/**
 * `npm run bench -- semantic [--iterations N] [--scale S] [--skip-http]`: model compilation, SQL
 * generation, SQL-interface translation, metadata search and the overhead of `load` over DuckDB.
 */
export async function run(arguments_: string[]): Promise<void> {
  const iterations = numberOption(arguments_, 'iterations', 2000, true);
  const scale = numberOption(arguments_, 'scale', 1, false);
  const isHttpSkipped = arguments_.includes('--skip-http');

  const compile200 = await measureCompile(200, 20);
  print(timingLine(compile200, { p50Ms: goals.compile200P50Ms }));
  const compile1000 = await measureCompile(1000, 6);
  print(timingLine(compile1000, { p50Ms: goals.compile1000P50Ms }));

  const demoModel = compileFiles(demoModelFiles.map((file) => ({ fileName: file.path, content: file.text })));
  const sqlGeneration = await timeSamples(
    'buildQuerySql, typical query on the demo model',
    { iterations, warmUp: 200 },
    () => buildQuerySql(demoModel, typicalQuery, { dialect: duckDbDialect }),
  );
  print(timingLine(sqlGeneration, { p50Ms: goals.sqlGenerationP50Ms }));

  await loadSqlInterface();
  const sqlTranslation = await timeSamples(
    'translateSql, the same query as SQL',
    { iterations, warmUp: 200 },
    () => translateSql(demoModel, typicalSql),
  );
  print(timingLine(sqlTranslation, { p50Ms: goals.sqlTranslationP50Ms }));

  const largeModel = compileFiles(generateModelFiles(1000));
  const indexBuild = await timeSamples(
    'build the metadata search index (1,000 cubes)',
    { iterations: 5, warmUp: 1 },
    () => createMetadataSearchIndex(largeModel),
  );
  print(timingLine(indexBuild));
  const searchIndex = createMetadataSearchIndex(largeModel);
  const scope = openScope(largeModel);
  const metadataSearch = await timeSamples(
    'metadata search on the 1,000-cube model',
    { iterations: Math.min(iterations, 1000), warmUp: 50 },
    (iteration) =>
      searchIndex.search(searchTexts[iteration % searchTexts.length] ?? '', { scope, limit: 10 }),
  );
  print(timingLine(metadataSearch, { p50Ms: goals.metadataSearchP50Ms }));

  const loadOverhead: LoadOverhead = await measureLoadOverhead(demoModel, typicalQuery, {
    scale,
    iterations: Math.min(iterations, 500),
    warmUp: 30,
  });
  print(timingLine(loadOverhead.direct));
  print(timingLine(loadOverhead.warehouse));
  print(timingLine(loadOverhead.semantic));
  const overheadVerdict = loadOverhead.overheadP50Ms < goals.loadOverheadP50Ms ? 'meets' : 'MISSES';
  print(
    `load overhead at p50 (scale ${scale}, ${loadOverhead.rows} rows): ${loadOverhead.overheadP50Ms} ms   goal < ${goals.loadOverheadP50Ms} ms: ${overheadVerdict}`,
  );

  let httpLoad: HttpLoad = { skipped: '--skip-http' };
  if (!isHttpSkipped) httpLoad = await measureHttpLoad(typicalQuery, { iterations: 300, warmUp: 30 });
  if ('skipped' in httpLoad) print(`HTTP load skipped: ${httpLoad.skipped}`);
  else {
    print(timingLine(httpLoad.load));
    print(
      `  over HTTP vs in process at p50: +${(httpLoad.load.p50Ms - loadOverhead.semantic.p50Ms).toPrecision(3)} ms`,
    );
  }

  const results = {
    benchmark: 'semantic',
    date: new Date().toISOString(),
    node: process.version,
    goals,
    typicalQuery,
    typicalSql,
    compile200,
    compile1000,
    sqlGeneration,
    sqlTranslation,
    metadataSearchIndexBuild: indexBuild,
    metadataSearch,
    loadOverhead,
    httpLoad,
  };
  await writeBenchResults('semantic', results);
}
