import { readFileSync } from 'node:fs';
import { compileModelFiles, type ModelError } from '@platform/semantic';

/** The real manifests under fixtures/dbt at the repository root (SOURCES.md there says where each comes from). */
export const manifestFixtures = [
  'cube-dbt-jaffle-manifest.json',
  'lightdash-jaffle-manifest.json',
  'metricflow-core112-manifest.json',
] as const;

const fixtureDirectory = new URL('../../../../fixtures/dbt/', import.meta.url);

export function readManifestFixture(fileName: (typeof manifestFixtures)[number]): unknown {
  return JSON.parse(readFileSync(new URL(fileName, fixtureDirectory), 'utf8'));
}

/** A real catalog.json (BigQuery, dbt 1.1) of the jaffle_shop project of lightdash-jaffle-manifest.json. */
export const catalogFixture = 'datahub-jaffle-catalog.json';

export function readCatalogFixture(): unknown {
  return JSON.parse(readFileSync(new URL(catalogFixture, fixtureDirectory), 'utf8'));
}

/** Compiles generated files the way a build does (parse and validate); every error, as text. */
export function compileErrors(files: ReadonlyArray<{ path: string; content: string }>): string[] {
  const result = compileModelFiles(files.map((file) => ({ fileName: file.path, content: file.content })));
  return result.errors.map((error: ModelError) => `${error.fileName}:${error.line ?? '?'}: ${error.message}`);
}
