import { isMap } from 'yaml';
import type { CaseLabel, DimensionCase } from '../model/member.types.js';
import { parseList } from './common-fields.parser.js';
import { readMap } from './map-reader.js';
import type { YamlCursor } from './yaml-cursor.js';

/** `case: {when: [{sql, label}], else: {label}}`; a label is text or `{sql}`. */
export function readDimensionCase(cursor: YamlCursor, owner: string): DimensionCase | undefined {
  const fields = readMap(cursor, { keys: ['when', 'else'], describe: () => `\`case\` of ${owner}` });
  if (fields === undefined) return undefined;
  const when = parseList(fields.required('when') ?? fields.field('when'), (item) => {
    const branch = readMap(item, {
      keys: ['sql', 'label'],
      describe: () => `\`case.${item.label}\` of ${owner}`,
    });
    const sql = branch?.required('sql')?.sqlText();
    const label = readLabel(branch?.required('label'), owner);
    return sql === undefined || label === undefined ? undefined : { sql, label };
  });
  const elseFields = readMap(fields.field('else'), {
    keys: ['label'],
    describe: () => `\`case.else\` of ${owner}`,
  });
  const elseLabel = readLabel(elseFields?.required('label'), owner);
  return { when, else: elseLabel === undefined ? undefined : { label: elseLabel } };
}

function readLabel(cursor: YamlCursor | undefined, owner: string): CaseLabel | undefined {
  if (cursor === undefined) return undefined;
  if (!isMap(cursor.node)) return cursor.scalar()?.toString();
  const fields = readMap(cursor, { keys: ['sql'], describe: () => `a \`label\` of ${owner}` });
  const sql = fields?.required('sql')?.sqlText();
  return sql === undefined ? undefined : { sql };
}
