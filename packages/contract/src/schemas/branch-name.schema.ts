import * as z from 'zod';

/** The longest branch (or tag) name accepted; the git store refuses longer ones too. */
export const maximumBranchNameLength = 200;
const branchNameCharacters = /^[A-Za-z0-9._/-]+$/;

/**
 * Why git (`git check-ref-format --branch`) would refuse `name`, or null when it is a valid branch name.
 * Stricter than git in one way: only ASCII letters, digits, `.`, `_`, `-` and `/` are allowed, which
 * already excludes spaces, controls, `~^:?*[\`, `@{` and anything a file system could fold.
 */
export function branchNameProblem(name: string): string | null {
  if (name.length === 0) return 'must not be empty';
  if (name.length > maximumBranchNameLength) {
    return `must be at most ${maximumBranchNameLength} characters`;
  }
  if (!branchNameCharacters.test(name)) {
    return "may contain only letters, digits, '.', '_', '-' and '/'";
  }
  if (name === 'HEAD') return "must not be 'HEAD'";
  if (name.startsWith('-')) return "must not start with '-'";
  if (name.includes('..')) return "must not contain '..'";
  if (name.endsWith('.')) return "must not end with '.'";
  for (const component of name.split('/')) {
    if (component === '') return "must not start or end with '/' or contain '//'";
    if (component.startsWith('.')) return "no part between '/' may start with '.'";
    if (component.endsWith('.lock')) return "no part between '/' may end with '.lock'";
  }
  return null;
}

/**
 * A git branch name, by git's rules (see branchNameProblem): every operation that names a branch takes
 * this one schema, so a name git would refuse is a 400 before any handler runs.
 */
export const BranchName = z
  .string()
  .trim()
  // Length and characters stay plain checks so that the OpenAPI document shows them.
  .min(1, { error: 'must not be empty' })
  .max(maximumBranchNameLength)
  .regex(branchNameCharacters, "must be a valid git branch name: only letters, digits, '.', '_', '-' and '/'")
  .superRefine((name, context) => {
    const problem = branchNameProblem(name);
    if (problem) context.addIssue({ code: 'custom', message: `must be a valid git branch name: ${problem}` });
  })
  .meta({ description: "A git branch name (git's check-ref-format rules)." });
