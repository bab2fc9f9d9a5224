import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A file of the local data model, named as the server names it: relative to the deployed folder, '/'-separated. */
export interface LocalModelFile {
  path: string;
  absolutePath: string;
  size: number;
  /** SHA-1 hex of the bytes, the same digest the server reports in file-hashes. */
  hash: string;
}

const modelExtensions = ['.yml', '.yaml'];
const modelFolder = 'model';
const skippedDirectories = new Set(['node_modules']);

/** Which relative paths belong to the data model: YAML anywhere, and every file under the top-level model/ folder. */
export function isModelPath(relativePath: string): boolean {
  const segments = relativePath.split('/');
  // Dot-files and dot-folders are editor, VCS and tool state (.git, .vscode, .env), never model source.
  if (segments.some((segment) => segment.startsWith('.') || skippedDirectories.has(segment))) return false;
  if (segments[0] === modelFolder && segments.length > 1) return true;
  const lowerCased = relativePath.toLowerCase();
  return modelExtensions.some((extension) => lowerCased.endsWith(extension));
}

export function sha1Hex(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

async function relativeFilePaths(root: string, prefix: string): Promise<string[]> {
  const entries = await readdir(join(root, prefix), { withFileTypes: true });
  const paths: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.') || skippedDirectories.has(entry.name)) continue;
    const relativePath = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) paths.push(...(await relativeFilePaths(root, relativePath)));
    else if (entry.isFile() && isModelPath(relativePath)) paths.push(relativePath);
  }
  return paths;
}

/**
 * The model files under `root`, sorted by path, each hashed. Symbolic links are not followed, so a link
 * to a large or recursive tree cannot turn a deploy into a walk of the whole disk.
 */
export async function readModelFiles(root: string): Promise<LocalModelFile[]> {
  const paths = (await relativeFilePaths(root, '')).sort();
  return Promise.all(
    paths.map(async (path) => {
      const absolutePath = join(root, ...path.split('/'));
      const bytes = await readFile(absolutePath);
      return { path, absolutePath, size: bytes.byteLength, hash: sha1Hex(bytes) };
    }),
  );
}
