/** What a redacted value is replaced with, in every log line. */
export const redactionCensor = '[REDACTED]';

// The keys that hold a secret at each depth of a logged object: the top level, one level down (any field's
// `token`, `value`, ...) and two levels down (settings objects nest their keys: config.llm.apiKey, config.github.privateKey).
const secretKeysByDepth: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['token', 'apiKey', 'password', 'secret']),
  new Set(['token', 'apiKey', 'password', 'secret', 'secretKey', 'value', 'privateKey']),
  new Set(['apiKey', 'secret', 'privateKey']),
];

function isContainer(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A copy with the same prototype and own properties (an Error keeps its message and stack). */
function shallowCopy<Value extends object>(value: Value): Value {
  if (Array.isArray(value)) return value.slice() as Value;
  return Object.defineProperties(
    Object.create(Object.getPrototypeOf(value)),
    Object.getOwnPropertyDescriptors(value),
  );
}

/**
 * Replaces the secret fields of a log line's object, copying only the objects on the way to a secret:
 * a line without one (nearly every line) is returned as it is, with no copy and no clone.
 */
export function redactSecretFields<Value extends object>(value: Value, depth = 0): Value {
  const secretKeys = secretKeysByDepth[depth];
  if (!secretKeys) return value;
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(value)) {
    const inner = (value as Record<string, unknown>)[key];
    let replaced: unknown = inner;
    if (secretKeys.has(key) && inner !== undefined) replaced = redactionCensor;
    else if (isContainer(inner)) replaced = redactSecretFields(inner, depth + 1);
    if (replaced === inner) continue;
    copy ??= shallowCopy(value) as Record<string, unknown>;
    copy[key] = replaced;
  }
  return (copy ?? value) as Value;
}
