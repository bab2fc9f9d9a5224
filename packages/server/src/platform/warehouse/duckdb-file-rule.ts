import { lstat, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { WarehouseError } from './warehouse-error.js';

/**
 * Where deployments may read DuckDB files: under the operator's `PLATFORM_DUCKDB_DIRS` (default: the data
 * directory), and inside the data directory only under the deployment's account directory,
 * `<data dir>/accounts/<account id>/`, so no account reaches another's files or the server's own.
 */
export interface DuckDbFileRule {
  readonly allowedDirectories: readonly string[];
  readonly dataDirectory: string;
}

/** The directory a relative DuckDB path of an account's deployment is read in. */
/** The rule from the process configuration: PLATFORM_DUCKDB_DIRS and the data directory. */
export function duckDbFileRuleOf(config: {
  duckDbDirectories: string[];
  dataDirectory: string;
}): DuckDbFileRule {
  return { allowedDirectories: config.duckDbDirectories, dataDirectory: config.dataDirectory };
}

export function accountWarehouseDirectory(dataDirectory: string, accountId: number): string {
  return join(dataDirectory, 'accounts', String(accountId));
}

/** The colon-separated directories of PLATFORM_DUCKDB_DIRS, absolute; the data directory when unset. */
export function duckDbDirectoriesOf(text: string | null, dataDirectory: string, workingDirectory: string) {
  const entries = (text ?? '')
    .split(':')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return [dataDirectory];
  return entries.map((entry) => (isAbsolute(entry) ? entry : join(workingDirectory, entry)));
}

function isMissing(error: unknown): boolean {
  const code = error instanceof Error ? Reflect.get(error, 'code') : undefined;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * The real path of `path`, links and `..` resolved as the system would (`/proc/self/root/...` included);
 * a path that does not exist is resolved through its nearest existing ancestor.
 */
export async function realPathOf(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    if (!isMissing(error)) throw error;
    const parent = dirname(path);
    if (parent === path) return path;
    // why: join normalises `..` and `.` after the parent is already real, which is what the system does.
    return join(await realPathOf(parent), basename(path));
  }
}

function isStrictlyInside(path: string, directory: string): boolean {
  const inside = relative(directory, path);
  return inside !== '' && !inside.startsWith(`..${sep}`) && inside !== '..' && !isAbsolute(inside);
}

function isInsideOrSame(path: string, directory: string): boolean {
  return path === directory || isStrictlyInside(path, directory);
}

/** One text for every refusal, so that an answer never tells whether a file exists. */
export function refusedDuckDbFile(url: string): WarehouseError {
  return new WarehouseError(
    'configuration',
    `PLATFORM_DB_URL "${url}" is not a DuckDB file this deployment may open: name an existing file in a directory of PLATFORM_DUCKDB_DIRS (a relative path is read in the account's own directory; inside the data directory only that directory is allowed)`,
  );
}

/**
 * The real path of the DuckDB file `url` names for a deployment of `accountId`, or a WarehouseError with
 * one text whatever the reason. With `mustExist` (when a query opens it) the file must exist and be a file;
 * without (when the variable is set) a missing file is checked by where it would be.
 */
export async function confineDuckDbFile(
  url: string,
  rule: DuckDbFileRule,
  accountId: number,
  options: { mustExist: boolean },
): Promise<string> {
  const accountDirectory = accountWarehouseDirectory(rule.dataDirectory, accountId);
  // why: not path.join, which would fold `link/..` by text before the links are resolved.
  const written = isAbsolute(url) ? url : `${accountDirectory}${sep}${url}`;
  try {
    const real = await realPathOf(written);
    const allowed = await Promise.all(rule.allowedDirectories.map((directory) => realPathOf(directory)));
    if (!allowed.some((directory) => isStrictlyInside(real, directory))) throw refusedDuckDbFile(url);
    const dataDirectory = await realPathOf(rule.dataDirectory);
    if (isInsideOrSame(real, dataDirectory)) {
      const ownDirectory = await realPathOf(accountDirectory);
      if (!isStrictlyInside(real, ownDirectory)) throw refusedDuckDbFile(url);
    }
    // why: lstat, so that a link left dangling at the end (checked as where it lies) is never followed later.
    if (options.mustExist && !(await lstat(real)).isFile()) throw refusedDuckDbFile(url);
    return real;
  } catch (error) {
    if (error instanceof WarehouseError) throw error;
    // why: a missing file, a denied stat or a loop of links all answer as a forbidden path does.
    throw refusedDuckDbFile(url);
  }
}

/**
 * Refuses (with `refusal`) a path `confineDuckDbFile` returned earlier once it is no longer a real path to
 * a file: a link put in its place or on the way to it since the check could lead anywhere.
 */
export async function confirmStillRealFile(path: string, refusal: () => WarehouseError): Promise<void> {
  try {
    if ((await realpath(path)) === path && (await lstat(path)).isFile()) return;
  } catch {
    // why: a file gone or unreadable since the check is refused as a moved one is.
  }
  throw refusal();
}
