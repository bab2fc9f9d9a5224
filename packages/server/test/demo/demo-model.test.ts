import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { type Cube, compileDataModel, compileModelFiles, type Measure } from '@platform/semantic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoModelFiles } from '../../src/modules/data-model/demo-model/demo-model-files.js';
import { loadSampleData } from '../../src/platform/sample-data/load-sample-data.js';
import { sampleTables } from '../../src/platform/sample-data/sample-data-tables.js';

function compileDemoModel() {
  return compileModelFiles(demoModelFiles.map((file) => ({ fileName: file.path, content: file.text })));
}

/** `{CUBE}` and `{cube.column}` as plain SQL, with every cube aliased by its own name. */
function plainSql(sql: string, cubeName: string): string {
  return sql.replaceAll('{CUBE}', cubeName).replace(/\{(\w+)\.(\w+)\}/g, '$1.$2');
}

/** The aggregate a measure stands for, as plain SQL: a test-sized reading of the model, not the compiler. */
function aggregateSql(measure: Measure, cube: Cube): string {
  const filter =
    measure.filters.length === 0
      ? ''
      : ` FILTER (WHERE ${measure.filters.map((condition) => plainSql(condition.sql, cube.name)).join(' AND ')})`;
  const expression = measure.sql === undefined ? '*' : plainSql(measure.sql, cube.name);
  switch (measure.type) {
    case 'count':
      return `count(${expression})${filter}`;
    case 'count_distinct':
      return `count(DISTINCT ${expression})${filter}`;
    case 'number':
      return expression.replace(/\{(\w+)\}/g, (_match, name: string) => {
        const referenced = cube.measures.find((candidate) => candidate.name === name);
        if (!referenced) throw new Error(`${cube.name}.${measure.name} names unknown measure ${name}`);
        return `(${aggregateSql(referenced, cube)})`;
      });
    default:
      return `${measure.type}(${expression})${filter}`;
  }
}

describe('the demo model', () => {
  it('builds with no errors: six cubes and three views, every view member resolved', () => {
    const result = compileDemoModel();
    expect(result.errors).toEqual([]);
    expect([result.cubesCount, result.viewsCount]).toEqual([6, 3]);
    const compiled = compileDataModel(result.model);
    for (const view of result.model.views) {
      const source = compiled.sources.get(view.name);
      const includedCount = view.cubes.reduce(
        (sum, entry) => sum + (entry.includes === '*' ? 0 : entry.includes.length),
        0,
      );
      expect(source?.members.length).toBe(includedCount);
    }
  });

  it('describes every public source and measure, and gives each source synonyms', () => {
    const compiled = compileDataModel(compileDemoModel().model);
    for (const source of compiled.sources.values()) {
      expect(source.description, source.name).toBeTruthy();
      expect(source.synonyms.length, source.name).toBeGreaterThan(0);
      for (const member of source.members.filter((candidate) => candidate.isPublic)) {
        expect(member.shortTitle, member.path).toBeTruthy();
      }
    }
    const cubeMeasures = [...compiled.cubes.values()].flatMap((cube) => cube.measures);
    expect(cubeMeasures.every((measure) => measure.title !== undefined)).toBe(true);
  });

  describe('on the sample data', () => {
    let directory: string;
    let instance: DuckDBInstance;
    let connection: DuckDBConnection;
    const cubes = compileDemoModel().model.cubes;

    beforeAll(async () => {
      directory = await mkdtemp(join(tmpdir(), 'demo-model-'));
      const databasePath = join(directory, 'sample.duckdb');
      await loadSampleData({ databasePath, scale: 0.05 });
      instance = await DuckDBInstance.create(databasePath, { access_mode: 'READ_ONLY' });
      connection = await instance.connect();
    });

    afterAll(async () => {
      connection?.closeSync();
      instance?.closeSync();
      await rm(directory, { recursive: true, force: true });
    });

    async function firstValue(sql: string): Promise<unknown> {
      const rows = (await connection.runAndReadAll(sql)).getRowsJS();
      return rows[0]?.[0];
    }

    function from(cube: Cube): string {
      return `${cube.sqlTable} AS ${cube.name}`;
    }

    it('reads only sample tables', () => {
      const tableNames = Object.values(sampleTables).map((table) => table.name);
      expect(cubes.map((cube) => cube.sqlTable).sort()).toEqual([...tableNames].sort());
    });

    it.each(cubes.map((cube) => [cube.name, cube] as const))(
      'runs every dimension of %s over its table',
      async (_name, cube) => {
        const expressions = cube.dimensions.map(
          (dimension) => `${plainSql(dimension.sql ?? 'NULL', cube.name)} AS ${dimension.name}`,
        );
        const rows = (
          await connection.runAndReadAll(`SELECT ${expressions.join(', ')} FROM ${from(cube)} LIMIT 5`)
        ).getRowObjectsJS();
        expect(rows.length).toBeGreaterThan(0);
        const primaryKey = cube.dimensions.find((dimension) => dimension.isPrimaryKey);
        expect(primaryKey, `${cube.name} has a primary key`).toBeDefined();
      },
    );

    it.each(cubes.map((cube) => [cube.name, cube] as const))(
      'aggregates every measure of %s to a number, filtered ones included',
      async (_name, cube) => {
        for (const measure of cube.measures) {
          const value = Number(await firstValue(`SELECT ${aggregateSql(measure, cube)} FROM ${from(cube)}`));
          expect(Number.isFinite(value) && value > 0, `${cube.name}.${measure.name} = ${value}`).toBe(true);
        }
      },
    );

    it.each(cubes.map((cube) => [cube.name, cube] as const))(
      'selects rows with every segment and matches rows over every join of %s',
      async (_name, cube) => {
        for (const segment of cube.segments) {
          const count = await firstValue(
            `SELECT count(*) FROM ${from(cube)} WHERE ${plainSql(segment.sql, cube.name)}`,
          );
          expect(Number(count), `${cube.name}.${segment.name}`).toBeGreaterThan(0);
        }
        for (const join of cube.joins) {
          const target = cubes.find((candidate) => candidate.name === join.name);
          if (!target) throw new Error(`${cube.name} joins unknown cube ${join.name}`);
          const [matched, total] = [
            await firstValue(
              `SELECT count(*) FROM ${from(cube)} JOIN ${from(target)} ON ${plainSql(join.sql, cube.name)}`,
            ),
            await firstValue(`SELECT count(*) FROM ${from(cube)}`),
          ];
          expect(Number(matched), `${cube.name} → ${join.name}`).toBeGreaterThan(0);
          // A many_to_one join never multiplies the rows of the cube it starts from.
          if (join.relationship === 'many_to_one') expect(Number(matched)).toBeLessThanOrEqual(Number(total));
        }
      },
    );
  });
});
