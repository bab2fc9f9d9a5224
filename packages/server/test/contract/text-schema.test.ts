import { findJsonInputProblem, jsonObject, maximumJsonDepth, parseJsonText, text } from '@platform/contract';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';

describe('text()', () => {
  it('refuses a NUL and an unpaired surrogate, keeps every other code point', () => {
    const schema = text().max(100);
    for (const bad of ['\u0000', 'a\u0000', '\uD800', 'a\uDC00b', '\uDC00\uD800']) {
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    for (const good of ['', 'plain', '\u{1F600}', '\u200F\u05D0', '\uFFFF', '\uFEFF', '\u0001']) {
      expect(schema.safeParse(good).success, JSON.stringify(good)).toBe(true);
    }
  });
});

describe('findJsonInputProblem', () => {
  it('answers for a value nested a million deep without overflowing the stack', () => {
    let value: unknown = 1;
    for (let level = 0; level < 1_000_000; level += 1) value = [value];
    expect(findJsonInputProblem(value)?.message).toMatch(/deeper than/);
  });

  it('accepts exactly the limit and refuses one level more', () => {
    const nested = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown;
    expect(findJsonInputProblem(nested(maximumJsonDepth))).toBeNull();
    expect(findJsonInputProblem(nested(maximumJsonDepth + 1))?.path).toHaveLength(maximumJsonDepth);
  });

  it('names the path of a bad key or value', () => {
    expect(findJsonInputProblem({ a: [{ b: 'x\u0000' }] })?.path).toEqual(['a', 0, 'b']);
    expect(findJsonInputProblem({ a: { 'k\u0000': 1 } })?.path).toEqual(['a', 'k\u0000']);
    expect(findJsonInputProblem({ file: new Uint8Array([0]) })).toBeNull();
  });
});

describe('jsonObject() and parseJsonText()', () => {
  it('refuses a free-form object with bad text or too deep', () => {
    expect(jsonObject().safeParse({ a: '\u0000' }).success).toBe(false);
    expect(jsonObject().safeParse({ a: JSON.parse('['.repeat(100) + ']'.repeat(100)) }).success).toBe(false);
    expect(jsonObject().safeParse({ a: [1, { b: 'ok' }] }).success).toBe(true);
  });

  it('parses JSON text under the same rules', () => {
    const schema = z.string().transform((value, context) => parseJsonText(value, context, 'JSON'));
    expect(schema.safeParse('{"a":"\\u0000"}').success).toBe(false);
    expect(schema.safeParse('{').success).toBe(false);
    expect(schema.safeParse('{"a":1}').data).toEqual({ a: 1 });
  });
});
