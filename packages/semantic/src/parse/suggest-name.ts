/**
 * The closest known name to a misspelt one, for "did you mean" hints: the snake_case form of a
 * camelCase key, else the nearest name by edit distance, else the only name sharing the longest
 * prefix (so abbreviations such as `desc` find `description`).
 */
export function suggestName(input: string, candidates: readonly string[]): string | undefined {
  const snakeCase = toSnakeCase(input);
  if (snakeCase !== input && candidates.includes(snakeCase)) return snakeCase;
  const lowered = input.toLowerCase();
  const threshold = Math.max(1, Math.min(2, Math.floor(lowered.length / 3)));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(lowered, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined && bestDistance <= threshold) return best;
  return uniqueLongestPrefixMatch(lowered, candidates);
}

export function toSnakeCase(input: string): string {
  return input.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

export function toCamelCase(input: string): string {
  return input.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

function uniqueLongestPrefixMatch(input: string, candidates: readonly string[]): string | undefined {
  let bestLength = 1;
  let matches: string[] = [];
  for (const candidate of candidates) {
    const length = commonPrefixLength(input, candidate.toLowerCase());
    if (length > bestLength) {
      bestLength = length;
      matches = [candidate];
    } else if (length === bestLength && length > 1) {
      matches.push(candidate);
    }
  }
  return matches.length === 1 ? matches[0] : undefined;
}

function commonPrefixLength(left: string, right: string): number {
  let length = 0;
  while (length < left.length && length < right.length && left[length] === right[length]) length += 1;
  return length;
}

/** Optimal string alignment distance: Levenshtein plus adjacent transpositions (`fromat`). */
export function editDistance(left: string, right: string): number {
  const rows = left.length + 1;
  const columns = right.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_row, rowIndex) =>
    Array.from({ length: columns }, (_cell, columnIndex) =>
      rowIndex === 0 ? columnIndex : columnIndex === 0 ? rowIndex : 0,
    ),
  );
  const at = (row: number, column: number): number => table[row]?.[column] ?? 0;
  for (let row = 1; row < rows; row += 1) {
    for (let column = 1; column < columns; column += 1) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let distance = Math.min(
        at(row - 1, column) + 1,
        at(row, column - 1) + 1,
        at(row - 1, column - 1) + cost,
      );
      if (
        row > 1 &&
        column > 1 &&
        left[row - 1] === right[column - 2] &&
        left[row - 2] === right[column - 1]
      ) {
        distance = Math.min(distance, at(row - 2, column - 2) + 1);
      }
      const tableRow = table[row];
      if (tableRow !== undefined) tableRow[column] = distance;
    }
  }
  return at(rows - 1, columns - 1);
}
