import { isMap } from 'yaml';
import type { Describable, FormatName, MemberFormat, SqlCondition } from '../model/member.types.js';
import { type MapReader, readMap } from './map-reader.js';
import type { YamlCursor } from './yaml-cursor.js';

/** Keys every describable node (cube, view, member) accepts. */
export const describableKeys = ['title', 'description', 'public', 'shown', 'meta'] as const;

/** Title, description, visibility (`public`, or its older name `shown`), `meta` and `meta.synonyms`. */
export function readDescribable(fields: MapReader, defaultIsPublic = true): Describable {
  const meta = fields.field('meta');
  return {
    title: fields.field('title').string(),
    description: fields.field('description').string(),
    isPublic: readVisibility(fields) ?? defaultIsPublic,
    meta: meta.jsonObject() ?? {},
    synonyms: readSynonyms(meta),
  };
}

export function readVisibility(fields: MapReader): boolean | undefined {
  const isPublic = fields.field('public').boolean();
  const isShown = fields.field('shown').boolean();
  reportBothSet(fields, 'public', 'shown', 'keep `public` only (`shown` is its older name)');
  return isPublic ?? isShown;
}

function readSynonyms(meta: YamlCursor): string[] {
  if (!isMap(meta.node)) return [];
  const metaFields = readMap(meta, { describe: () => `\`meta\` of ${meta.owner ?? 'the node'}` });
  const synonyms = metaFields?.field('synonyms');
  if (synonyms === undefined || synonyms.isMissing) return [];
  return (
    synonyms.items()?.flatMap((item) => {
      const name = item.string();
      if (name === undefined) return [];
      if (name.trim() !== '') return [name];
      item.report(`${item.subject} must not be empty`);
      return [];
    }) ?? []
  );
}

/** A named format (`percent`) or an object form (`{type: link, label: Website}`). */
export function readFormat(cursor: YamlCursor, names: readonly FormatName[]): MemberFormat | undefined {
  if (cursor.isMissing) return undefined;
  if (!isMap(cursor.node)) return cursor.choice(names, { caseStyle: 'camel' });
  const fields = readMap(cursor, { describe: () => `\`format\` of ${cursor.owner ?? 'the member'}` });
  if (fields === undefined) return undefined;
  fields.required('type')?.string();
  return Object.fromEntries(
    fields.entries().flatMap(([key, field]) => {
      const value = field.scalar();
      return value === undefined ? [] : [[key, value]];
    }),
  );
}

/** `[{sql: ...}]` lists: measure filters, access-policy conditions (`if`). */
export function readSqlConditions(cursor: YamlCursor, key: 'sql' | 'if', describe: string): SqlCondition[] {
  return parseList(cursor, (item) => {
    const fields = readMap(item, { keys: [key], describe: () => `${item.label} of ${describe}` });
    const sql = fields?.required(key)?.sqlText();
    return sql === undefined ? undefined : { sql, location: item.location };
  });
}

/** Parses each item of a list, keeping the ones that parsed; a missing list is empty. */
export function parseList<Item>(
  cursor: YamlCursor,
  parseItem: (item: YamlCursor, index: number) => Item | undefined,
): Item[] {
  return (
    cursor.items()?.flatMap((item, index) => {
      const parsed = parseItem(item, index);
      return parsed === undefined ? [] : [parsed];
    }) ?? []
  );
}

/** Reports when a node sets two keys that exclude each other. */
export function reportBothSet(fields: MapReader, first: string, second: string, advice: string): boolean {
  if (!fields.has(first) || !fields.has(second)) return false;
  fields.field(second).report(`${fields.owner} has both \`${first}\` and \`${second}\`; ${advice}`);
  return true;
}
