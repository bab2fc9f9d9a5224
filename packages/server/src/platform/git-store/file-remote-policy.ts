import { realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GitRemoteError } from './git-store-errors.js';

/** Where a `file://` remote may be: inside an allowed directory, never inside a forbidden one. */
export interface FileRemotePolicy {
  /** The operator's `PLATFORM_GIT_FILE_REMOTE_DIRS`; empty refuses every file remote. */
  allowedDirectories: readonly string[];
  /** The server's own data (every deployment's repositories), refused even inside an allowed directory. */
  forbiddenDirectories: readonly string[];
}

export const noFileRemotes: FileRemotePolicy = { allowedDirectories: [], forbiddenDirectories: [] };

/** A file remote the policy refused: a 400 with this message, not a failure of the remote. */
export class FileRemoteNotAllowedError extends GitRemoteError {
  constructor(message: string) {
    super('unsupported', message);
  }
}

// git opens `<path>` as `<path>/.git`, `<path>`, `<path>.git/.git` or `<path>.git` (enter_repo).
const gitSuffixes = ['/.git', '', '.git/.git', '.git'];

/**
 * Checks a `file://` remote against the policy on real paths, and returns the URL git is to be given: the
 * real path of the repository git would open, so that what git reads is what was checked. Every place git
 * could open is checked (the suffixes it tries), each resolved through links (`/proc/self/root`,
 * `/proc/self/cwd`, symlinks) and `..` by the kernel; a part that does not exist yet is resolved from its
 * nearest existing ancestor, never taken as text.
 */
export async function checkFileRemote(
  url: URL,
  displayUrl: string,
  policy: FileRemotePolicy,
): Promise<string> {
  let path: string;
  try {
    path = fileURLToPath(url);
  } catch {
    throw new FileRemoteNotAllowedError(`${displayUrl} is not a local file URL`);
  }
  if (policy.allowedDirectories.length === 0) {
    throw new FileRemoteNotAllowedError(
      'file:// remotes are refused: the server lists no directory for them in PLATFORM_GIT_FILE_REMOTE_DIRS',
    );
  }
  const trimmed = path.replace(/\/+$/, '') || '/';
  const allowed = await Promise.all(policy.allowedDirectories.map(realPathOf));
  const forbidden = await Promise.all(policy.forbiddenDirectories.map(realPathOf));
  let opened: string | null = null;
  for (const suffix of gitSuffixes) {
    const candidate = await realPathOf(`${trimmed}${suffix}`);
    const isAllowed = allowed.some((directory) => isInside(candidate.path, directory.path));
    const isForbidden = forbidden.some((directory) => isInside(candidate.path, directory.path));
    if (!isAllowed || isForbidden) {
      throw new FileRemoteNotAllowedError(
        `${displayUrl} is not inside a directory listed in PLATFORM_GIT_FILE_REMOTE_DIRS` +
          " (and file:// remotes may never point into the server's data directory)",
      );
    }
    if (opened === null && candidate.exists) opened = candidate.path;
  }
  return pathToFileURL(opened ?? (await realPathOf(trimmed)).path).href;
}

/**
 * The real path of `path`: the kernel's for the longest prefix that exists, with the rest appended. A rest
 * holding `..` is refused, since it could climb out of wherever it is created later.
 */
async function realPathOf(path: string): Promise<{ path: string; exists: boolean }> {
  const absolute = isAbsolute(path) ? path : resolve(path);
  const parts = absolute.split('/');
  for (let length = parts.length; length > 0; length--) {
    const prefix = parts.slice(0, length).join('/') || '/';
    let real: string;
    try {
      real = await realpath(prefix);
    } catch {
      continue;
    }
    const rest = parts.slice(length).filter((part) => part !== '' && part !== '.');
    if (rest.includes('..')) {
      throw new FileRemoteNotAllowedError(`${path} climbs with '..' out of a folder that does not exist`);
    }
    return { path: rest.length === 0 ? real : join(real, ...rest), exists: rest.length === 0 };
  }
  return { path: absolute, exists: false };
}

function isInside(path: string, directory: string): boolean {
  const difference = relative(directory, path);
  return (
    difference === '' || (difference !== '..' && !difference.startsWith('../') && !isAbsolute(difference))
  );
}
