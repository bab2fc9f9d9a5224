/** PostgreSQL truncates identifiers beyond 63 bytes, which would break the alias → key mapping. */
const maximumAliasLength = 63;

function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * Result column names: `orders__count`, `orders__created_at_month`. Only letters, digits and `_`, short
 * enough for every warehouse, and unique within a query (a numeric suffix settles collisions).
 */
export class ColumnAliases {
  private readonly used = new Set<string>();

  take(sourceName: string, memberName: string, granularity?: string): string {
    const written = `${sourceName}__${memberName}${granularity === undefined ? '' : `_${granularity}`}`;
    let base = written.replace(/[^A-Za-z0-9_]/g, '_');
    if (base.length > maximumAliasLength)
      base = `${base.slice(0, maximumAliasLength - 9)}_${hashText(written)}`;
    let alias = base;
    for (let suffix = 2; this.used.has(alias); suffix += 1) {
      const ending = `_${suffix}`;
      alias = `${base.slice(0, maximumAliasLength - ending.length)}${ending}`;
    }
    this.used.add(alias);
    return alias;
  }
}
