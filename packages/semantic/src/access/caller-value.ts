import type { AccessCaller } from './access-scope.types.js';

/** The spellings a reference may start with, camelCase as in the JSON API or snake_case as in Cube YAML. */
const referenceRoots: Readonly<Record<string, 'securityContext' | 'userAttributes'>> = {
  securityContext: 'securityContext',
  security_context: 'securityContext',
  userAttributes: 'userAttributes',
  user_attributes: 'userAttributes',
};

/** The caller's root a reference's first segment names, or undefined when it names none. */
export function referenceRoot(name: string): 'securityContext' | 'userAttributes' | undefined {
  return Object.hasOwn(referenceRoots, name) ? referenceRoots[name] : undefined;
}

/**
 * The value at `root.a.b.c` in the caller, or undefined when any step is missing; only own properties are
 * followed so a reference can never reach `__proto__` or `constructor`.
 */
export function lookupCallerValue(
  caller: AccessCaller,
  root: 'securityContext' | 'userAttributes',
  path: readonly string[],
): unknown {
  let current: unknown = caller[root];
  for (const key of path) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
