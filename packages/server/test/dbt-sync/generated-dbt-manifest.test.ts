import { describe, expect, it } from 'vitest';
import {
  generatedDbtManifest,
  generatedModelName,
} from '../../../../bench/support/generated-dbt-manifest.js';
import { dbtCubeFiles } from '../../src/modules/dbt-sync/dbt-cube-files.js';
import { readDbtManifest } from '../../src/modules/dbt-sync/read-dbt-manifest.js';
import { compileErrors } from './dbt-fixtures.js';

describe('a generated 1,000-model manifest', () => {
  it('reads, maps and compiles with zero errors', () => {
    const project = readDbtManifest(generatedDbtManifest(1000));
    expect(project.stats).toEqual({ models: 1000, sources: 1, macros: 1 });
    expect(project.models.every((model) => model.primaryKey.join() === 'id')).toBe(true);
    const files = dbtCubeFiles(project);
    // Every tenth model is ephemeral.
    expect(files).toHaveLength(900);
    expect(compileErrors(files)).toEqual([]);
    // model 3's parent is model 1 (not ephemeral): a join; model 20's parent is model 9 (ephemeral): none.
    const contentOf = (index: number) =>
      files.find((file) => file.path === `model/dbt/${generatedModelName(index)}.yml`)?.content;
    expect(contentOf(3)).toContain(`sql: "{CUBE}.parent_id = {${generatedModelName(1)}}.id"`);
    expect(contentOf(20)).not.toContain('joins:');
    expect(contentOf(9)).toBeUndefined();
  });
});
