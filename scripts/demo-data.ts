import { statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { demoSampleDataUrl } from '../packages/server/src/modules/deployments/demo-deployment.service.js';
import {
  defaultSampleSeed,
  validateSampleDataOptions,
} from '../packages/server/src/platform/sample-data/generate-sample-data.js';
import {
  loadSampleData,
  type SampleDataProgress,
} from '../packages/server/src/platform/sample-data/load-sample-data.js';
import { accountWarehouseDirectory } from '../packages/server/src/platform/warehouse/duckdb-file-rule.js';

/**
 * `npm run demo-data -- --scale N [--seed S] [--output path]`: writes the seeded e-commerce sample data
 * set into a DuckDB file (default: the demo deployment's own file,
 * `<PLATFORM_DATA_DIR or .platform>/accounts/1/demo/sample-data.duckdb`; 1 is the first account, the one a fresh
 * store bootstraps).
 */
const usage = `usage: npm run demo-data -- --scale N [--seed S] [--output path]
  --scale N      size: 1 ≈ 1,000 customers and 10,000 orders, linear (fractions such as 0.1 allowed)
  --seed S       integer seed (default ${defaultSampleSeed}); same seed and scale give identical data
  --output path  DuckDB file to write (default: the demo deployment's,
                 <PLATFORM_DATA_DIR or .platform>/accounts/1/demo/sample-data.duckdb)`;

/** The account a fresh store bootstraps, which owns the demo deployment. */
const firstAccountId = 1;

function fail(message: string): never {
  process.stderr.write(`demo-data: ${message}\n${usage}\n`);
  process.exit(2);
}

function parseNumber(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) fail(`--${name} must be a number (got "${text}")`);
  return value;
}

function parseOptions() {
  try {
    const { values } = parseArgs({
      options: {
        scale: { type: 'string' },
        seed: { type: 'string' },
        output: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) {
      process.stdout.write(`${usage}\n`);
      process.exit(0);
    }
    const scale = parseNumber('scale', values.scale);
    if (scale === undefined) fail('--scale is required');
    const dataDirectory = process.env.PLATFORM_DATA_DIR || '.platform';
    const output =
      values.output ?? join(accountWarehouseDirectory(dataDirectory, firstAccountId), demoSampleDataUrl);
    const seed = parseNumber('seed', values.seed) ?? defaultSampleSeed;
    validateSampleDataOptions({ scale, seed });
    return {
      scale,
      seed,
      output: isAbsolute(output) ? output : resolve(process.cwd(), output),
    };
  } catch (error) {
    // Unknown options (parseArgs) and an invalid scale or seed (RangeError) are usage errors.
    fail(error instanceof Error ? error.message : String(error));
  }
}

function describe(progress: SampleDataProgress): string {
  const seconds = (progress.elapsedMilliseconds / 1000).toFixed(2);
  switch (progress.stage) {
    case 'generated':
      return `[${seconds}s] generated ${progress.rows.toLocaleString('en-US')} rows`;
    case 'loading':
      return `[${seconds}s] ${progress.table}: ${progress.rows.toLocaleString('en-US')} / ${progress.totalRows.toLocaleString('en-US')}`;
    case 'loaded':
      return `[${seconds}s] loaded ${progress.table} (${progress.rows.toLocaleString('en-US')} rows)`;
  }
}

const options = parseOptions();
process.stdout.write(
  `writing sample data (scale ${options.scale}, seed ${options.seed}) to ${options.output}\n`,
);
try {
  const result = await loadSampleData({
    databasePath: options.output,
    scale: options.scale,
    seed: options.seed,
    onProgress: (progress) => process.stdout.write(`${describe(progress)}\n`),
  });
  const megabytes = (statSync(result.databasePath).size / 1024 / 1024).toFixed(1);
  process.stdout.write(`\ndone in ${(result.elapsedMilliseconds / 1000).toFixed(2)}s, ${megabytes} MB\n`);
  for (const [table, rows] of Object.entries(result.rowCounts)) {
    process.stdout.write(`  ${table.padEnd(12)} ${rows.toLocaleString('en-US').padStart(12)}\n`);
  }
} catch (error) {
  process.stderr.write(`demo-data: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
