import {
  type Hierarchy,
  type Join,
  joinRelationships,
  type PreAggregation,
  type RefreshKey,
} from '../model/cube.types.js';
import type { Segment } from '../model/member.types.js';
import { describableKeys, readDescribable, readVisibility } from './common-fields.parser.js';
import { readMap } from './map-reader.js';
import { describeMember } from './member-owner.js';
import type { YamlCursor } from './yaml-cursor.js';

const relationshipAliases = {
  belongs_to: 'many_to_one',
  belongsTo: 'many_to_one',
  has_many: 'one_to_many',
  hasMany: 'one_to_many',
  has_one: 'one_to_one',
  hasOne: 'one_to_one',
} as const;
const preAggregationTypes = ['rollup', 'original_sql', 'rollup_join', 'rollup_lambda', 'auto_rollup'];

export function parseSegment(cursor: YamlCursor, cubeName: string): Segment | undefined {
  const fields = readMap(cursor, {
    keys: ['name', 'sql', ...describableKeys],
    describe: (name) => describeMember('segment', cubeName, name),
  });
  if (fields === undefined) return undefined;
  const name = fields.required('name')?.identifier();
  const sql = fields.required('sql')?.sqlText();
  const describable = readDescribable(fields);
  if (name === undefined || sql === undefined) return fields.reject(cubeName);
  return { kind: 'segment', name, sql, ...describable, location: cursor.location };
}

export function parseJoin(cursor: YamlCursor, cubeName: string): Join | undefined {
  const fields = readMap(cursor, {
    keys: ['name', 'relationship', 'sql'],
    describe: (name) =>
      name === undefined
        ? `a join of cube \`${cubeName}\` without a name`
        : `join \`${cubeName}\` → \`${name}\``,
  });
  if (fields === undefined) return undefined;
  const name = fields.required('name')?.identifier();
  const relationship = fields
    .required('relationship')
    ?.choice(joinRelationships, { caseStyle: 'snake', aliases: relationshipAliases });
  const sql = fields.required('sql')?.sqlText();
  if (name === undefined || relationship === undefined || sql === undefined) return undefined;
  return { name, relationship, sql, location: cursor.location };
}

export function parseHierarchy(cursor: YamlCursor, cubeName: string): Hierarchy | undefined {
  const fields = readMap(cursor, {
    keys: ['name', 'title', 'public', 'shown', 'levels'],
    describe: (name) => describeMember('hierarchy', cubeName, name),
  });
  if (fields === undefined) return undefined;
  const name = fields.required('name')?.identifier();
  const levels = fields.required('levels')?.stringList();
  const hierarchy = { title: fields.field('title').string(), isPublic: readVisibility(fields) ?? true };
  if (name === undefined || levels === undefined) return undefined;
  return { name, levels, ...hierarchy, location: cursor.location };
}

/** Pre-aggregations are kept as written: only their name and type are checked. */
export function parsePreAggregation(cursor: YamlCursor, cubeName: string): PreAggregation | undefined {
  const fields = readMap(cursor, { describe: (name) => describeMember('pre-aggregation', cubeName, name) });
  if (fields === undefined) return undefined;
  const name = fields.required('name')?.identifier();
  const type = fields.field('type').choice(preAggregationTypes, { caseStyle: 'snake' });
  const definition = cursor.jsonObject() ?? {};
  return name === undefined ? undefined : { name, type, definition, location: cursor.location };
}

export function parseRefreshKey(cursor: YamlCursor, owner: string): RefreshKey | undefined {
  const fields = readMap(cursor, {
    keys: ['every', 'sql', 'timezone', 'immutable'],
    describe: () => `\`refresh_key\` of ${owner}`,
  });
  if (fields === undefined) return undefined;
  return {
    every: fields.field('every').string(),
    sql: fields.field('sql').sqlText(),
    timezone: fields.field('timezone').string(),
    isImmutable: fields.field('immutable').boolean(),
  };
}
