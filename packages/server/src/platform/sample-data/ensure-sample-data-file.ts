import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { LoadSampleDataResult, SampleDataProgress } from './load-sample-data.js';

export interface EnsureSampleDataFileOptions {
  /** The DuckDB file the sample data must be in. */
  databasePath: string;
  scale: number;
  seed?: number;
  onProgress?: (progress: SampleDataProgress) => void;
}

export type EnsureSampleDataFileResult =
  | { isGenerated: false; databasePath: string }
  | ({ isGenerated: true } & LoadSampleDataResult);

const temporarySuffix = '.loading';

/** A load takes seconds; a temporary file this old was left by a process that died while loading. */
const abandonedAfterMilliseconds = 10 * 60_000;

function isMissingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if (isMissingFile(error)) return false;
    throw error;
  }
}

async function syncPath(path: string, flags: 'r' | 'r+'): Promise<void> {
  const handle = await open(path, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes what crashed loads left beside the file; a load still running elsewhere is younger than this. */
async function removeAbandonedLoads(databasePath: string): Promise<void> {
  const directory = dirname(databasePath);
  const prefix = `${basename(databasePath)}.`;
  const now = Date.now();
  for (const name of await readdir(directory)) {
    if (!name.startsWith(prefix) || !name.includes(temporarySuffix)) continue;
    const path = join(directory, name);
    try {
      if (now - (await stat(path)).mtimeMs > abandonedAfterMilliseconds) await rm(path, { force: true });
    } catch (error) {
      if (!isMissingFile(error)) throw error;
    }
  }
}

/**
 * Makes sure the sample data set is in `databasePath`, generating it only when the file is missing. The
 * load goes to a temporary file renamed into place once complete and synced, so a crash mid-load never
 * leaves a half-written file that a later start would take for the data set. Several processes starting
 * at once may each load; they write identical data and the last rename wins.
 */
export async function ensureSampleDataFile(
  options: EnsureSampleDataFileOptions,
): Promise<EnsureSampleDataFileResult> {
  const { databasePath } = options;
  if (await exists(databasePath)) return { isGenerated: false, databasePath };
  await mkdir(dirname(databasePath), { recursive: true });
  await removeAbandonedLoads(databasePath);
  const temporaryPath = `${databasePath}.${process.pid}-${randomBytes(4).toString('hex')}${temporarySuffix}`;
  try {
    // The generator writes through DuckDB, whose native binding a start that finds the file never loads.
    const { loadSampleData } = await import('./load-sample-data.js');
    const result = await loadSampleData({
      databasePath: temporaryPath,
      scale: options.scale,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    await syncPath(temporaryPath, 'r+');
    // A write-ahead log left by the deleted file would be replayed into the new one.
    await rm(`${databasePath}.wal`, { force: true });
    await rename(temporaryPath, databasePath);
    await syncPath(dirname(databasePath), 'r');
    return { ...result, isGenerated: true, databasePath };
  } finally {
    await rm(temporaryPath, { force: true });
    await rm(`${temporaryPath}.wal`, { force: true });
  }
}
