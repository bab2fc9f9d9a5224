import { isMap } from 'yaml';
import type { Folder } from '../model/cube.types.js';
import { parseList } from './common-fields.parser.js';
import { readMap } from './map-reader.js';
import type { YamlCursor } from './yaml-cursor.js';

/** `{name, includes: "*" | [member | folder]}`; folders nest. */
export function parseFolder(cursor: YamlCursor, parentOwner: string): Folder | undefined {
  const fields = readMap(cursor, {
    keys: ['name', 'includes'],
    describe: (name) =>
      name === undefined
        ? `a folder of ${parentOwner} without a name`
        : `folder \`${name}\` of ${parentOwner}`,
  });
  if (fields === undefined) return undefined;
  const name = fields.required('name')?.string();
  const includesCursor = fields.required('includes');
  let includes: Folder['includes'] | undefined;
  if (includesCursor !== undefined && includesCursor.node !== null && !isMap(includesCursor.node)) {
    includes =
      includesCursor.json() === '*'
        ? '*'
        : parseList(includesCursor, (item) =>
            isMap(item.node) ? parseFolder(item, parentOwner) : item.string(),
          );
  } else if (includesCursor !== undefined) {
    includesCursor.expected('"*" or a list of member names and folders');
  }
  if (name === undefined || includes === undefined) return undefined;
  return { name, includes, location: cursor.location };
}
