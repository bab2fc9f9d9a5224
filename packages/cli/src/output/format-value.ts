/** One cell of human output: absent values read as `-`, lists as comma-separated, objects as JSON. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value))
    return value.length === 0 ? '-' : value.map((item) => formatValue(item)).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
