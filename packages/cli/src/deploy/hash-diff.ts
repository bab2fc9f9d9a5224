import type { LocalModelFile } from './model-files.js';

export interface ModelDiff {
  /** New or changed files: the only ones uploaded. */
  changed: LocalModelFile[];
  unchanged: LocalModelFile[];
  /** Paths the server has that the folder lacks; removed by the deploy unless --no-remove. */
  missingLocally: string[];
}

/** The server lists paths with or without a leading '/'; compare them without it. */
export function normalizeModelPath(path: string): string {
  return path.replace(/^\/+/, '');
}

/**
 * Reads a file-hashes answer (`{"<path>": {hash}}`) into path → hash, skipping entries of any other shape
 * instead of failing, so a server that adds fields to the answer does not break deploys.
 */
export function remoteHashesOf(answer: unknown): Map<string, string> {
  const hashes = new Map<string, string>();
  if (typeof answer !== 'object' || answer === null) return hashes;
  for (const [path, entry] of Object.entries(answer)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const hash: unknown = (entry as Record<string, unknown>).hash;
    if (typeof hash === 'string') hashes.set(normalizeModelPath(path), hash.toLowerCase());
  }
  return hashes;
}

export function diffModel(local: readonly LocalModelFile[], remote: ReadonlyMap<string, string>): ModelDiff {
  const changed: LocalModelFile[] = [];
  const unchanged: LocalModelFile[] = [];
  for (const file of local) {
    if (remote.get(file.path) === file.hash) unchanged.push(file);
    else changed.push(file);
  }
  const localPaths = new Set(local.map((file) => file.path));
  const missingLocally = [...remote.keys()].filter((path) => !localPaths.has(path)).sort();
  return { changed, unchanged, missingLocally };
}
