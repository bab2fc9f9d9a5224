import { InvalidBranchNameError, InvalidRepositoryIdError } from './git-store-errors.js';
import { isControlCharacter } from './model-path.js';

const repositoryIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
const maximumBranchLength = 200;
// Characters git forbids in ref names (check-ref-format), with the controls: branch names become file paths.
const forbiddenBranchCharacters = new Set([' ', '~', '^', ':', '?', '*', '[', '\\']);

export const oidPattern = /^[0-9a-f]{40}$/;

export function assertRepositoryId(repositoryId: string): void {
  if (!repositoryIdPattern.test(repositoryId)) {
    throw new InvalidRepositoryIdError(
      `Invalid repository id ${JSON.stringify(repositoryId)}: use 1 to 64 letters, digits, '_' or '-'`,
    );
  }
}

/** The rules of `git check-ref-format --branch`, which also keep a branch's ref file inside `refs/heads`. */
export function assertBranchName(name: string): void {
  const problem = branchNameProblem(name);
  if (problem) throw new InvalidBranchNameError(`Invalid branch name ${JSON.stringify(name)}: ${problem}`);
}

function branchNameProblem(name: string): string | null {
  if (typeof name !== 'string' || name.length === 0) return 'it is empty';
  if (name.length > maximumBranchLength) return `it is longer than ${maximumBranchLength} characters`;
  if (
    [...name].some((character) => forbiddenBranchCharacters.has(character) || isControlCharacter(character))
  )
    return 'it contains a space, a control character or one of ~^:?*[\\';
  if (name === 'HEAD' || name === '@') return 'it is reserved';
  if (name.startsWith('-')) return "it starts with '-'";
  if (name.includes('..')) return "it contains '..'";
  if (name.includes('@{')) return "it contains '@{'";
  if (name.endsWith('.')) return "it ends with '.'";
  for (const component of name.split('/')) {
    if (component === '') return "it has an empty component (leading, trailing or double '/')";
    if (component.startsWith('.')) return "a component starts with '.'";
    if (component.endsWith('.lock')) return "a component ends with '.lock'";
  }
  return null;
}

export function branchRef(branch: string): string {
  assertBranchName(branch);
  return `refs/heads/${branch}`;
}

/**
 * A full ref name under `refs/`, validated like a branch name; a bare name is taken as a branch, which is
 * what every caller of the store means.
 */
export function fullRef(ref: string): string {
  if (!ref.startsWith('refs/')) return branchRef(ref);
  assertBranchName(ref.slice('refs/'.length));
  if (ref.split('/').length < 3) throw new InvalidBranchNameError(`Invalid ref ${JSON.stringify(ref)}`);
  return ref;
}

export function remoteTrackingRef(branch: string): string {
  assertBranchName(branch);
  return `refs/remotes/origin/${branch}`;
}
