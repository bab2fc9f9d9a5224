import type { Cube } from '../model/cube.types.js';
import { parseAccessPolicy } from './access-policy.parser.js';
import { describableKeys, parseList, readDescribable, reportBothSet } from './common-fields.parser.js';
import {
  parseHierarchy,
  parseJoin,
  parsePreAggregation,
  parseRefreshKey,
  parseSegment,
} from './cube-parts.parser.js';
import { parseDimension } from './dimension.parser.js';
import { parseFolder } from './folder.parser.js';
import { readMap } from './map-reader.js';
import { parseMeasure } from './measure.parser.js';
import { unnamed } from './member-owner.js';
import type { YamlCursor } from './yaml-cursor.js';

const cubeKeys = [
  'name',
  'sql_table',
  'sql',
  ...describableKeys,
  'extends',
  'data_source',
  'refresh_key',
  'sql_alias',
  'measures',
  'dimensions',
  'segments',
  'joins',
  'pre_aggregations',
  'hierarchies',
  'folders',
  'access_policy',
];
const unsupportedCubeKeys = ['calendar', 'rewrite_queries'];

export function parseCube(cursor: YamlCursor): Cube | undefined {
  const fields = readMap(cursor, {
    keys: cubeKeys,
    unsupportedKeys: unsupportedCubeKeys,
    describe: (name) => (name === undefined ? 'a cube without a name' : `cube \`${name}\``),
  });
  if (fields === undefined) return undefined;
  const name = fields.required('name')?.identifier();
  const cubeName = name ?? unnamed;
  reportBothSet(fields, 'sql_table', 'sql', 'a cube reads from one of them');
  // With `extends` the table may come from the parent. The root of every chain has no `extends`, so it is
  // checked here, and a child can only lack a table when that root does: one error, at its cause.
  if (!fields.has('sql_table') && !fields.has('sql') && !fields.has('extends')) {
    fields.required('sql_table', ' (or `sql`)');
  }
  const cube = {
    sqlTable: fields.field('sql_table').sqlText(),
    sql: fields.field('sql').sqlText(),
    ...readDescribable(fields),
    extends: fields.field('extends').identifier(),
    dataSource: fields.field('data_source').string(),
    refreshKey: parseRefreshKey(fields.field('refresh_key'), fields.owner),
    sqlAlias: fields.field('sql_alias').identifier(),
    measures: parseList(fields.field('measures'), (item) => parseMeasure(item, cubeName)),
    dimensions: parseList(fields.field('dimensions'), (item) => parseDimension(item, cubeName)),
    segments: parseList(fields.field('segments'), (item) => parseSegment(item, cubeName)),
    joins: parseList(fields.field('joins'), (item) => parseJoin(item, cubeName)),
    preAggregations: parseList(fields.field('pre_aggregations'), (item) =>
      parsePreAggregation(item, cubeName),
    ),
    hierarchies: parseList(fields.field('hierarchies'), (item) => parseHierarchy(item, cubeName)),
    folders: parseList(fields.field('folders'), (item) => parseFolder(item, fields.owner)),
    accessPolicies: parseList(fields.field('access_policy'), (item, index) =>
      parseAccessPolicy(item, fields.owner, index),
    ),
    declaredKeys: fields.declaredKeys,
    location: cursor.location,
  };
  return name === undefined ? fields.reject() : { kind: 'cube', name, ...cube };
}
