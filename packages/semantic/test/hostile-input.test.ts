import { describe, expect, it } from 'vitest';
import { compileModelFiles } from '../src/index.js';
import { compileYaml } from './compile-yaml.helper.js';

describe('hostile or odd input', () => {
  it('stops an alias that refers to its own parent', () => {
    const errors = compileYaml(`cubes:
  - name: orders
    sql_table: orders
    folders: &folders
      - name: loop
        includes: *folders
`);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((error) => error.line !== undefined && error.fileName === 'model/test.yml')).toBe(
      true,
    );
    expect(errors.map((error) => error.message).join('\n')).toContain('nested too deeply');
  });

  it('bounds aliases that multiply (a "billion laughs" file)', () => {
    const levels = Array.from({ length: 30 }, (_unused, index) =>
      index === 0 ? '      l0: &l0 [x, x]' : `      l${index}: &l${index} [*l${index - 1}, *l${index - 1}]`,
    );
    const errors = compileYaml(
      `cubes:\n  - name: orders\n    sql_table: orders\n    meta:\n${levels.join('\n')}\n`,
    );
    expect(errors.map((error) => error.message)).toContain(
      'aliases in this file expand to too many values; an alias may refer to one of its own parents',
    );
  });

  it('keeps a `__proto__` key in meta as plain data', () => {
    const result = compileModelFiles([
      {
        fileName: 'model/orders.yml',
        content:
          'cubes:\n  - name: orders\n    sql_table: orders\n    meta:\n      __proto__:\n        polluted: true\n',
      },
    ]);
    expect(result.errors).toEqual([]);
    const meta = result.model.cubes[0]?.meta;
    expect(Object.getPrototypeOf(meta)).toBe(Object.prototype);
    expect(Object.keys(meta ?? {})).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not take a name from the prototype for an enum value', () => {
    const errors = compileYaml(
      'cubes:\n  - name: orders\n    sql_table: orders\n    joins:\n      - name: orders\n        relationship: constructor\n        sql: "1 = 1"\n',
    );
    expect(errors.map((error) => error.path)).toEqual(['cubes[0].joins[0].relationship']);
  });

  it('cuts long values in messages', () => {
    const errors = compileYaml(
      `cubes:\n  - name: orders\n    sql_table: orders\n    public: "${'very '.repeat(40)}long"\n`,
    );
    expect(errors[0]?.message).toMatch(/got the text `very very .{30,50}\.\.\.`$/);
  });

  it('names the expected choices when an enum value is not text', () => {
    const errors = compileYaml(
      'cubes:\n  - name: orders\n    sql_table: orders\n    dimensions:\n      - name: id\n        sql: id\n        type: 3\n',
    );
    expect(errors[0]?.message).toBe(
      '`type` in dimension `orders.id` must be one of string, number, time, boolean, geo, got the number 3',
    );
  });
});
