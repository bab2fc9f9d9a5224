import { type Dimension, dimensionFormatNames, dimensionTypes } from '../model/member.types.js';
import {
  describableKeys,
  parseList,
  readDescribable,
  readFormat,
  reportBothSet,
} from './common-fields.parser.js';
import { readDimensionCase } from './dimension-case.parser.js';
import { parseGranularity } from './granularity.parser.js';
import { type MapReader, readMap } from './map-reader.js';
import { describeMember } from './member-owner.js';
import type { YamlCursor } from './yaml-cursor.js';

const dimensionKeys = [
  'name',
  'type',
  'sql',
  ...describableKeys,
  'primary_key',
  'format',
  'case',
  'sub_query',
  'propagate_filters_to_sub_query',
  'granularities',
  'latitude',
  'longitude',
];
const unsupportedDimensionKeys = ['multi_stage', 'add_group_by', 'time_shift'];

export function parseDimension(cursor: YamlCursor, cubeName: string): Dimension | undefined {
  const fields = readMap(cursor, {
    keys: dimensionKeys,
    unsupportedKeys: unsupportedDimensionKeys,
    describe: (name) => describeMember('dimension', cubeName, name),
  });
  if (fields === undefined) return undefined;
  const name = fields.required('name')?.identifier();
  const type = fields.required('type')?.choice(dimensionTypes);
  const isPrimaryKey = fields.field('primary_key').boolean() ?? false;
  const latitude = readSqlObject(fields, 'latitude');
  const longitude = readSqlObject(fields, 'longitude');
  checkValueSource(fields, type);
  const dimension = {
    sql: fields.field('sql').sqlText(),
    isPrimaryKey,
    // Cube hides primary keys unless they are made public explicitly.
    ...readDescribable(fields, !isPrimaryKey),
    format: readFormat(fields.field('format'), dimensionFormatNames),
    case: readDimensionCase(fields.field('case'), fields.owner),
    isSubQuery: fields.field('sub_query').boolean() ?? false,
    isPropagatingFiltersToSubQuery: fields.field('propagate_filters_to_sub_query').boolean() ?? false,
    granularities: parseList(fields.field('granularities'), (item) => parseGranularity(item, fields.owner)),
    latitude,
    longitude,
    location: cursor.location,
  };
  if (name === undefined || type === undefined) return fields.reject(cubeName);
  return { kind: 'dimension', name, type, ...dimension };
}

/** A dimension's value comes from `sql`, from `case`, or for `geo` from `latitude` and `longitude`. */
function checkValueSource(fields: MapReader, type: Dimension['type'] | undefined): void {
  reportBothSet(fields, 'sql', 'case', 'a dimension takes its value from one of them');
  if (type === 'geo') {
    for (const key of ['latitude', 'longitude']) {
      if (!fields.has(key))
        fields.required(key, ' (a `geo` dimension takes its value from `latitude` and `longitude`)');
    }
    return;
  }
  for (const key of ['latitude', 'longitude']) {
    if (fields.has(key))
      fields.field(key).report(`\`${key}\` in ${fields.owner} only applies to dimensions of type \`geo\``);
  }
  if (type !== undefined && !fields.has('sql') && !fields.has('case')) {
    fields.required('sql', ' (or `case`)');
  }
}

function readSqlObject(fields: MapReader, key: string): { readonly sql: string } | undefined {
  const sqlFields = readMap(fields.field(key), {
    keys: ['sql'],
    describe: () => `\`${key}\` of ${fields.owner}`,
  });
  const sql = sqlFields?.required('sql')?.sqlText();
  return sql === undefined ? undefined : { sql };
}
