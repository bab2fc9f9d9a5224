/** Code-point order: the same on every machine and locale, so generated files never reorder. */
export function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
