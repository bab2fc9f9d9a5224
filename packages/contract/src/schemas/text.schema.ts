import * as z from 'zod';

/**
 * Text the store can keep. PostgreSQL refuses U+0000 in `text` and `jsonb`, and refuses an unpaired
 * UTF-16 surrogate in `jsonb` (a driver silently turns one into U+FFFD in `text`, so what is read back
 * differs from what was written). No client has a reason to send either, so both are refused at the edge.
 */
const unpairedSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const unstorableTextMessage = 'must not contain NUL characters (U+0000) or unpaired UTF-16 surrogates';

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !unpairedSurrogate.test(value);
}

/** A free-text string: every string of the contract a client writes is one of these. */
export function text() {
  return z.string().refine(isStorableText, { error: unstorableTextMessage });
}

/**
 * How deep a JSON document (a body, a free-form object such as a security context, a JSON-encoded query)
 * may nest: deeper input is a 400. Generous for any real document (a dbt manifest nests about 8 deep);
 * it keeps recursive code (schema validation, serialisation, the compiler) far from the stack's limit.
 */
export const maximumJsonDepth = 64;

export const tooDeepMessage = `must not nest deeper than ${maximumJsonDepth} levels of objects and arrays`;

interface PendingValue {
  value: unknown;
  depth: number;
  path: readonly (string | number)[];
}

export type JsonInputProblem = { path: (string | number)[]; message: string };

/**
 * The first thing in a parsed JSON value (or a path/query object) the server refuses: a string or key
 * that is not storable text, or nesting deeper than `maximumJsonDepth`. Iterative, never recursive, so a
 * document nested a million deep is answered, not a stack overflow. Bytes (multipart files) are skipped.
 */
export function findJsonInputProblem(value: unknown): JsonInputProblem | null {
  const pending: PendingValue[] = [{ value, depth: 0, path: [] }];
  while (pending.length > 0) {
    const current = pending.pop() as PendingValue;
    if (typeof current.value === 'string') {
      if (!isStorableText(current.value)) return { path: [...current.path], message: unstorableTextMessage };
      continue;
    }
    if (typeof current.value !== 'object' || current.value === null || current.value instanceof Uint8Array)
      continue;
    const depth = current.depth + 1;
    if (depth > maximumJsonDepth) return { path: [...current.path], message: tooDeepMessage };
    if (Array.isArray(current.value)) {
      current.value.forEach((item, index) => {
        pending.push({ value: item, depth, path: [...current.path, index] });
      });
      continue;
    }
    for (const [key, item] of Object.entries(current.value)) {
      if (!isStorableText(key)) return { path: [...current.path, key], message: unstorableTextMessage };
      pending.push({ value: item, depth, path: [...current.path, key] });
    }
  }
  return null;
}

/**
 * A free-form JSON object (a security context, a dbt manifest): any keys and values, within the depth
 * limit and with storable text only.
 */
export function jsonObject() {
  return z.record(z.string(), z.unknown()).superRefine((value, context) => {
    const problem = findJsonInputProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem.message, path: problem.path });
  });
}

/** JSON sent as text inside a field (`?query=`, a multipart field), parsed under the same rules as a body. */
export function parseJsonText(textValue: string, context: z.RefinementCtx, expected: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(textValue);
  } catch {
    context.addIssue({ code: 'custom', message: `must be ${expected}` });
    return z.NEVER;
  }
  const problem = findJsonInputProblem(parsed);
  if (problem) {
    context.addIssue({ code: 'custom', message: problem.message, path: problem.path });
    return z.NEVER;
  }
  return parsed;
}
