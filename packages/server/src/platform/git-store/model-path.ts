import { isGitDirectoryName, isGitModulesName } from './git-own-names.js';
import { InvalidPathError } from './git-store-errors.js';

const maximumPathLength = 4096;
const maximumSegmentBytes = 255;
/** NUL, the other C0 controls and DEL: they break tools downstream and are never meant in a name. */
export function isControlCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

/**
 * Turns a path from an API caller into the '/'-separated repository path stored in git trees, or throws
 * InvalidPathError. One leading '/' is accepted because the API shows paths as `/model/cubes/x.yml`;
 * `.` segments are dropped; anything that could escape the repository or that git on any platform would
 * take for `.git` or `.gitmodules` (see git-own-names.ts) is refused.
 */
export function normaliseModelPath(path: string): string {
  if (typeof path !== 'string' || path.length === 0) throw new InvalidPathError('The path is empty');
  if (path.length > maximumPathLength) {
    throw new InvalidPathError(`The path is longer than ${maximumPathLength} characters`);
  }
  if ([...path].some(isControlCharacter)) {
    throw new InvalidPathError(`The path ${JSON.stringify(path)} contains control characters`);
  }
  if (path.includes('\\')) {
    throw new InvalidPathError(
      `The path ${JSON.stringify(path)} contains a backslash; use '/' between folders`,
    );
  }
  const relative = path.startsWith('/') ? path.slice(1) : path;
  if (relative.startsWith('/') || /^[A-Za-z]:/.test(relative)) {
    throw new InvalidPathError(
      `The path ${JSON.stringify(path)} is absolute; paths are relative to the repository`,
    );
  }
  const segments: string[] = [];
  for (const segment of relative.split('/')) {
    if (segment === '') {
      throw new InvalidPathError(`The path ${JSON.stringify(path)} has an empty segment`);
    }
    if (segment === '.') continue;
    if (segment === '..') {
      throw new InvalidPathError(
        `The path ${JSON.stringify(path)} contains '..'; it may not leave the repository`,
      );
    }
    if (isGitDirectoryName(segment) || isGitModulesName(segment)) {
      throw new InvalidPathError(
        `The path ${JSON.stringify(path)} has a part git would take for its own '.git' or '.gitmodules'`,
      );
    }
    if (Buffer.byteLength(segment) > maximumSegmentBytes) {
      throw new InvalidPathError(
        `A segment of ${JSON.stringify(path)} is longer than ${maximumSegmentBytes} bytes`,
      );
    }
    segments.push(segment);
  }
  if (segments.length === 0) throw new InvalidPathError(`The path ${JSON.stringify(path)} names no file`);
  return segments.join('/');
}
