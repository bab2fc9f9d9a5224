import { isScalar, isSeq } from 'yaml';
import {
  type AccessPolicy,
  filterOperators,
  type MemberLevelPolicy,
  type RowFilter,
  type RowLevelPolicy,
} from '../model/access-policy.types.js';
import { parseList, readSqlConditions } from './common-fields.parser.js';
import { type MapReader, readMap } from './map-reader.js';
import type { YamlCursor } from './yaml-cursor.js';

const groupKeys = ['group', 'groups', 'role'];

export function parseAccessPolicy(
  cursor: YamlCursor,
  parentOwner: string,
  index: number,
): AccessPolicy | undefined {
  const fields = readMap(cursor, {
    keys: [...groupKeys, 'conditions', 'row_level', 'member_level'],
    nameKey: 'group',
    describe: (group) =>
      group === undefined
        ? `access policy #${index + 1} of ${parentOwner}`
        : `access policy for group \`${group}\` of ${parentOwner}`,
  });
  if (fields === undefined) return undefined;
  const groups = readGroups(fields);
  const policy = {
    conditions: readSqlConditions(fields.field('conditions'), 'if', fields.owner),
    rowLevel: readRowLevel(fields.field('row_level'), fields.owner),
    memberLevel: readMemberLevel(fields.field('member_level'), fields.owner),
  };
  return groups === undefined ? undefined : { groups, ...policy, location: cursor.location };
}

/** `group: name`, `groups: [names]`, or `role: name` (the older spelling); exactly one of them. */
function readGroups(fields: MapReader): string[] | undefined {
  const written = groupKeys.filter((key) => fields.has(key));
  if (written.length === 0) {
    fields.report(`${fields.owner} needs \`group\` or \`groups\``);
    return undefined;
  }
  if (written.length > 1) {
    fields
      .field(written[1] ?? 'groups')
      .report(`${fields.owner} has both \`${written[0]}\` and \`${written[1]}\`; keep one`);
  }
  const key = written[0] ?? 'group';
  if (key === 'groups') return fields.field(key).stringList();
  const group = fields.field(key).string();
  return group === undefined ? undefined : [group];
}

function readRowLevel(cursor: YamlCursor, owner: string): RowLevelPolicy | undefined {
  const fields = readMap(cursor, {
    keys: ['filters', 'allow_all'],
    describe: () => `\`row_level\` of ${owner}`,
  });
  if (fields === undefined) return undefined;
  const canSeeAllRows = fields.field('allow_all').boolean() ?? false;
  const filters = parseList(fields.field('filters'), (item) => parseRowFilter(item, owner));
  if (fields.has('filters') && canSeeAllRows) {
    fields
      .field('allow_all')
      .report(`\`row_level\` of ${owner} has both \`filters\` and \`allow_all: true\`; keep one`);
  } else if (!fields.has('filters') && !canSeeAllRows) {
    fields.report(`\`row_level\` of ${owner} needs \`filters\` or \`allow_all: true\``);
  }
  return { filters, canSeeAllRows };
}

function parseRowFilter(cursor: YamlCursor, owner: string): RowFilter | undefined {
  const fields = readMap(cursor, {
    keys: ['member', 'operator', 'values', 'and', 'or'],
    describe: () => `filter \`${cursor.label}\` in \`row_level\` of ${owner}`,
  });
  if (fields === undefined) return undefined;
  const logicalKeys = ['and', 'or'].filter((key) => fields.has(key));
  const logicalKey = logicalKeys[0];
  if (logicalKey === 'and' || logicalKey === 'or') {
    if (logicalKeys.length > 1)
      fields.report(`${fields.owner} has both \`and\` and \`or\`; nest one inside the other`);
    for (const key of ['member', 'operator', 'values']) {
      if (fields.has(key))
        fields.field(key).report(`${fields.owner} mixes \`${logicalKey}\` with \`${key}\``);
    }
    const filters = parseList(fields.field(logicalKey), (item) => parseRowFilter(item, owner));
    return { kind: logicalKey, filters, location: cursor.location };
  }
  const member = fields.required('member')?.string();
  const operator = fields.required('operator')?.choice(filterOperators, { caseStyle: 'camel' });
  const needsValues = operator !== undefined && operator !== 'set' && operator !== 'notSet';
  const values = readValues(needsValues ? fields.required('values') : fields.field('values')) ?? [];
  if (member === undefined || operator === undefined) return undefined;
  return { kind: 'member', member, operator, values, location: cursor.location };
}

/** A list of values, or a single value; numbers and booleans are kept as their text. */
function readValues(cursor: YamlCursor | undefined): string[] | undefined {
  if (cursor === undefined || cursor.isMissing) return undefined;
  if (isScalar(cursor.node)) {
    const value = cursor.scalar();
    return value === undefined ? undefined : [String(value)];
  }
  if (!isSeq(cursor.node)) return cursor.expected('a list of values');
  return cursor.items()?.flatMap((item) => {
    const value = item.scalar();
    return value === undefined ? [] : [String(value)];
  });
}

function readMemberLevel(cursor: YamlCursor, owner: string): MemberLevelPolicy | undefined {
  const fields = readMap(cursor, {
    keys: ['includes', 'excludes'],
    describe: () => `\`member_level\` of ${owner}`,
  });
  if (fields === undefined) return undefined;
  return {
    includes: fields.field('includes').starOrStringList() ?? '*',
    excludes: fields.field('excludes').starOrStringList() ?? [],
  };
}
