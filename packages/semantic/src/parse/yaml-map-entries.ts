import { isMap, isScalar, isSeq, type YAMLMap, type Node as YamlNode } from 'yaml';
import type { FileParseContext } from './file-parse-context.js';

export interface YamlMapEntry {
  /** The key as text; `undefined` when the key is itself a list or a map. */
  readonly key: string | undefined;
  readonly keyNode: YamlNode | null;
  readonly value: unknown;
}

const mergeKey = '<<';

/**
 * The entries of a YAML map with `<<: *anchor` merge keys applied (explicit keys win, earlier merged
 * maps win over later ones), because model authors share blocks of fields with anchors.
 */
export function mapEntries(context: FileParseContext, map: YAMLMap, depth = 0): YamlMapEntry[] {
  const entries: YamlMapEntry[] = [];
  const merged: YamlMapEntry[] = [];
  for (const pair of map.items) {
    const keyNode = context.resolve(pair.key);
    const key = isScalar(keyNode) && keyNode.value !== null ? String(keyNode.value) : undefined;
    if (key === mergeKey && depth < 16) {
      merged.push(...mergedEntries(context, pair.value, depth));
      continue;
    }
    entries.push({ key, keyNode, value: pair.value });
  }
  const seen = new Set(entries.map((entry) => entry.key));
  for (const entry of merged) {
    if (seen.has(entry.key)) continue;
    seen.add(entry.key);
    entries.push(entry);
  }
  return entries;
}

function mergedEntries(context: FileParseContext, value: unknown, depth: number): YamlMapEntry[] {
  const source = context.resolve(value);
  if (isMap(source)) return mapEntries(context, source, depth + 1);
  if (!isSeq(source)) return [];
  return source.items.flatMap((item) => {
    const resolved = context.resolve(item);
    return isMap(resolved) ? mapEntries(context, resolved, depth + 1) : [];
  });
}
