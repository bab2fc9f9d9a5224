/** A `ref(...)` as dbt writes it in test kwargs: `ref('customers')`, `ref('pkg', 'customers', v=2)`. */
export interface ManifestRef {
  readonly packageName: string | null;
  readonly name: string;
  readonly version: string | null;
}

const quotedPattern = /^\s*(['"])(.*?)\1\s*$/;
const versionPattern = /^\s*(?:v|version)\s*=\s*(['"]?)([\w.]+)\1\s*$/;

/**
 * Reads the first `ref(...)` in a kwarg (`{{ get_where_subquery(ref('orders')) }}` holds one too);
 * null for anything else, such as `source('raw', 'customers')`, which is no model.
 */
export function parseManifestRef(text: string): ManifestRef | null {
  const call = /\bref\s*\(([^()]*)\)/.exec(text);
  if (!call) return null;
  const names: string[] = [];
  let version: string | null = null;
  for (const argument of (call[1] ?? '').split(',')) {
    const versionMatch = versionPattern.exec(argument);
    if (versionMatch) {
      version = versionMatch[2] ?? null;
      continue;
    }
    const quoted = quotedPattern.exec(argument);
    if (!quoted) return null;
    names.push(quoted[2] ?? '');
  }
  const [first, second] = names;
  if (first === undefined || names.length > 2) return null;
  return second === undefined
    ? { packageName: null, name: first, version }
    : { packageName: first, name: second, version };
}
