import { DbtManifestError } from './dbt-manifest-error.js';

/** A JSON object of the manifest, with the path it was read at (for error messages). */
export interface ManifestObject {
  readonly path: string;
  readonly value: Readonly<Record<string, unknown>>;
}

const plainKeyPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `nodes["model.jaffle.orders"]`, `columns.id`: dotted when the key is a plain name, quoted otherwise. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (plainKeyPattern.test(key)) return parent === '' ? key : `${parent}.${key}`;
  return `${parent}[${JSON.stringify(key)}]`;
}

export function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'a string';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

export function fail(path: string, problem: string): never {
  throw new DbtManifestError(`${path === '' ? 'the manifest' : path}: ${problem}`);
}

export function asObject(value: unknown, path: string): ManifestObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(path, `expected an object, got ${describeJson(value)}`);
  }
  return { path, value: value as Record<string, unknown> };
}

/** A required object field. */
export function objectField(owner: ManifestObject, key: string, why = ''): ManifestObject {
  const value = owner.value[key];
  if (value === undefined) fail(childPath(owner.path, key), `missing${why}`);
  return asObject(value, childPath(owner.path, key));
}

/** An optional object field; absent and null read as an empty object. */
export function optionalObjectField(owner: ManifestObject, key: string): ManifestObject {
  const value = owner.value[key];
  const path = childPath(owner.path, key);
  return value === undefined || value === null ? { path, value: {} } : asObject(value, path);
}

/** An object's entries as objects, in the order the file lists them. */
export function objectEntries(owner: ManifestObject): Array<[string, ManifestObject]> {
  return Object.entries(owner.value).map(([key, value]) => [
    key,
    asObject(value, childPath(owner.path, key)),
  ]);
}

/** An optional string field; absent and null read as null. */
export function stringField(owner: ManifestObject, key: string): string | null {
  const value = owner.value[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string')
    fail(childPath(owner.path, key), `expected a string, got ${describeJson(value)}`);
  return value;
}

/** A required, non-empty string field. */
export function requiredStringField(owner: ManifestObject, key: string, why = ''): string {
  const value = stringField(owner, key);
  if (value === null) fail(childPath(owner.path, key), `missing${why}`);
  if (value.trim() === '') fail(childPath(owner.path, key), `must not be empty${why}`);
  return value;
}

/** Text shown to people: empty and blank read as null. */
export function textField(owner: ManifestObject, key: string): string | null {
  const value = stringField(owner, key);
  return value === null || value.trim() === '' ? null : value.trim();
}

/** A version number of a versioned model (`1`, `"2"`), as text; null when unversioned. */
export function versionField(owner: ManifestObject, key: string): string | null {
  const value = owner.value[key];
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  return fail(childPath(owner.path, key), `expected a version number or string, got ${describeJson(value)}`);
}

/** An optional list field; absent and null read as empty. */
export function listField(owner: ManifestObject, key: string): Array<{ path: string; value: unknown }> {
  const value = owner.value[key];
  const path = childPath(owner.path, key);
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) fail(path, `expected a list, got ${describeJson(value)}`);
  return value.map((item, index) => ({ path: childPath(path, index), value: item }));
}

export function stringListField(owner: ManifestObject, key: string): string[] {
  return listField(owner, key).map((item) => {
    if (typeof item.value !== 'string') fail(item.path, `expected a string, got ${describeJson(item.value)}`);
    return item.value;
  });
}
