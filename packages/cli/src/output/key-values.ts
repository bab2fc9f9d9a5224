import { formatValue } from './format-value.js';

/** `label:  value` lines with the values aligned, for one object. */
export function formatKeyValues(entries: readonly (readonly [string, unknown])[]): string {
  const width = Math.max(0, ...entries.map(([label]) => label.length + 1));
  return entries.map(([label, value]) => `${`${label}:`.padEnd(width)}  ${formatValue(value)}`).join('\n');
}
