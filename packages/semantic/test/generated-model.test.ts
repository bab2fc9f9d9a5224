import { describe, expect, it } from 'vitest';
import { compileModelFiles } from '../src/index.js';
import { generateModelFiles } from './fixtures/generated-model.fixture.js';

describe('a generated model', () => {
  it('parses and validates 200 joined cubes and a view without errors', () => {
    const result = compileModelFiles(generateModelFiles(200));
    expect(result.errors).toEqual([]);
    expect(result.cubesCount).toBe(200);
    expect(result.viewsCount).toBe(1);
    const last = result.model.cubes.at(-1);
    expect(last).toMatchObject({ name: 'cube_199', synonyms: ['entity 199', 'thing 199'] });
    expect(last?.joins[0]?.name).toBe('cube_198');
    expect(result.model.views[0]?.cubes.at(-1)?.joinPath).toEqual([
      'cube_4',
      'cube_3',
      'cube_2',
      'cube_1',
      'cube_0',
    ]);
  });
});
