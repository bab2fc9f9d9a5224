import type { ModelError } from './model-error.types.js';

/** Errors in the order of the files given, then by line and column; errors of other files come first. */
export function sortModelErrors(errors: readonly ModelError[], fileOrder: readonly string[]): ModelError[] {
  const fileIndex = new Map(fileOrder.map((fileName, index) => [fileName, index]));
  return [...errors].sort(
    (left, right) =>
      (fileIndex.get(left.fileName) ?? -1) - (fileIndex.get(right.fileName) ?? -1) ||
      (left.line ?? 0) - (right.line ?? 0) ||
      (left.column ?? 0) - (right.column ?? 0),
  );
}
