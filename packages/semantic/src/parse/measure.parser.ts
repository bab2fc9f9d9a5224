import {
  type Measure,
  measureFormatNames,
  measureTypes,
  type RollingWindow,
  rollingWindowTypes,
} from '../model/member.types.js';
import { describableKeys, readDescribable, readFormat, readSqlConditions } from './common-fields.parser.js';
import { readMap } from './map-reader.js';
import { describeMember } from './member-owner.js';
import type { YamlCursor } from './yaml-cursor.js';

const measureKeys = [
  'name',
  'type',
  'sql',
  ...describableKeys,
  'format',
  'filters',
  'drill_members',
  'rolling_window',
];
const unsupportedMeasureKeys = [
  'multi_stage',
  'time_shift',
  'group_by',
  'reduce_by',
  'add_group_by',
  'order_by',
  'cumulative',
  'drill_filters',
];
const rollingWindowKeys = ['type', 'trailing', 'leading', 'offset', 'granularity'];
const windowIntervalPattern = /^-?\d+ (second|minute|hour|day|week|month|quarter|year)s?$/;

export function parseMeasure(cursor: YamlCursor, cubeName: string): Measure | undefined {
  const fields = readMap(cursor, {
    keys: measureKeys,
    unsupportedKeys: unsupportedMeasureKeys,
    describe: (name) => describeMember('measure', cubeName, name),
  });
  if (fields === undefined) return undefined;
  const name = fields.required('name')?.identifier();
  const type = fields.required('type')?.choice(measureTypes, { caseStyle: 'snake' });
  const sql = fields.field('sql').sqlText();
  if (type !== undefined && type !== 'count' && !fields.has('sql')) {
    fields.required('sql', ` (every measure type but \`count\` needs one)`);
  }
  const measure = {
    sql,
    ...readDescribable(fields),
    format: readFormat(fields.field('format'), measureFormatNames),
    filters: readSqlConditions(fields.field('filters'), 'sql', fields.owner),
    drillMembers: fields.field('drill_members').stringList() ?? [],
    rollingWindow: readRollingWindow(fields.field('rolling_window'), fields.owner),
    location: cursor.location,
  };
  if (name === undefined || type === undefined) return fields.reject(cubeName);
  return { kind: 'measure', name, type, ...measure };
}

function readRollingWindow(cursor: YamlCursor, owner: string): RollingWindow | undefined {
  const fields = readMap(cursor, {
    keys: rollingWindowKeys,
    describe: () => `\`rolling_window\` of ${owner}`,
  });
  if (fields === undefined) return undefined;
  const type = fields.field('type').choice(rollingWindowTypes, { caseStyle: 'snake' }) ?? 'fixed';
  const window: RollingWindow = {
    type,
    trailing: readWindowInterval(fields.field('trailing')),
    leading: readWindowInterval(fields.field('leading')),
    offset: fields.field('offset').choice(['start', 'end']),
    granularity: fields.field('granularity').identifier(),
  };
  if (type === 'to_date') fields.required('granularity', ' (a `to_date` window needs one)');
  const applicableKeys =
    type === 'fixed' ? ['trailing', 'leading', 'offset'] : type === 'to_date' ? ['granularity'] : [];
  for (const key of rollingWindowKeys.slice(1)) {
    if (fields.has(key) && !applicableKeys.includes(key)) {
      fields.field(key).report(`\`${key}\` does not apply to a \`${type}\` rolling window in ${owner}`);
    }
  }
  return window;
}

function readWindowInterval(cursor: YamlCursor): string | undefined {
  const value = cursor.string();
  if (value === undefined || value === 'unbounded' || windowIntervalPattern.test(value)) return value;
  cursor.report(
    `${cursor.subject} must be an interval such as \`7 days\` or \`unbounded\`, got \`${value}\``,
  );
  return undefined;
}
