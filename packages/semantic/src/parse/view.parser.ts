import { isMap, isScalar } from 'yaml';
import { dimensionFormatNames } from '../model/member.types.js';
import type { View, ViewCube, ViewInclude } from '../model/view.types.js';
import { parseAccessPolicy } from './access-policy.parser.js';
import { describableKeys, parseList, readDescribable, readFormat } from './common-fields.parser.js';
import { parseFolder } from './folder.parser.js';
import { readMap } from './map-reader.js';
import type { YamlCursor } from './yaml-cursor.js';

const viewKeys = ['name', ...describableKeys, 'extends', 'cubes', 'folders', 'access_policy'];
const viewCubeKeys = ['join_path', 'includes', 'excludes', 'prefix', 'alias'];
const includeKeys = ['name', 'alias', 'title', 'description', 'format', 'meta'];
const identifierPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function parseView(cursor: YamlCursor): View | undefined {
  const fields = readMap(cursor, {
    keys: viewKeys,
    describe: (name) => (name === undefined ? 'a view without a name' : `view \`${name}\``),
  });
  if (fields === undefined) return undefined;
  const name = fields.required('name')?.identifier();
  if (!fields.has('cubes') && !fields.has('extends')) fields.required('cubes');
  const view = {
    ...readDescribable(fields),
    extends: fields.field('extends').identifier(),
    cubes: parseList(fields.field('cubes'), (item) => parseViewCube(item, fields.owner)),
    folders: parseList(fields.field('folders'), (item) => parseFolder(item, fields.owner)),
    accessPolicies: parseList(fields.field('access_policy'), (item, index) =>
      parseAccessPolicy(item, fields.owner, index),
    ),
    declaredKeys: fields.declaredKeys,
    location: cursor.location,
  };
  return name === undefined ? fields.reject() : { kind: 'view', name, ...view };
}

function parseViewCube(cursor: YamlCursor, viewOwner: string): ViewCube | undefined {
  const fields = readMap(cursor, {
    keys: viewCubeKeys,
    unsupportedKeys: ['split'],
    nameKey: 'join_path',
    describe: (joinPath) =>
      joinPath === undefined
        ? `a \`cubes\` entry of ${viewOwner} without a join_path`
        : `\`cubes\` entry \`${joinPath}\` of ${viewOwner}`,
  });
  if (fields === undefined) return undefined;
  const joinPathCursor = fields.required('join_path');
  const joinPathText = joinPathCursor?.string();
  const joinPath = joinPathText?.split('.');
  if (joinPathCursor !== undefined && joinPath?.some((segment) => !identifierPattern.test(segment))) {
    joinPathCursor.report(
      `\`join_path\` in ${fields.owner} must be cube names separated by dots, such as \`orders.users\`, got \`${joinPathText}\``,
    );
  }
  const entry = {
    includes: readIncludes(fields.field('includes'), fields.owner),
    excludes: fields.field('excludes').stringList() ?? [],
    hasPrefix: fields.field('prefix').boolean() ?? false,
    alias: fields.field('alias').identifier(),
    location: cursor.location,
  };
  const cubeName = joinPath?.at(-1);
  if (
    joinPath === undefined ||
    cubeName === undefined ||
    !joinPath.every((segment) => identifierPattern.test(segment))
  ) {
    return undefined;
  }
  return { joinPath, cubeName, ...entry };
}

/** `"*"`, or a list of member names and `{name, alias, title, description, format, meta}` objects. */
function readIncludes(cursor: YamlCursor, owner: string): ViewCube['includes'] {
  if (cursor.isMissing) return [];
  if (isScalar(cursor.node) && cursor.node.value === '*') return '*';
  if (isScalar(cursor.node)) return cursor.expected('"*" or a list of member names') ?? [];
  return parseList(cursor, (item): ViewInclude | undefined => {
    if (!isMap(item.node)) {
      const name = item.identifier();
      return name === undefined ? undefined : { name, location: item.location };
    }
    const fields = readMap(item, {
      keys: includeKeys,
      describe: (name) =>
        name === undefined ? `an include of ${owner} without a name` : `include \`${name}\` of ${owner}`,
    });
    const name = fields?.required('name')?.identifier();
    if (fields === undefined || name === undefined) return undefined;
    return {
      name,
      alias: fields.field('alias').identifier(),
      title: fields.field('title').string(),
      description: fields.field('description').string(),
      format: readFormat(fields.field('format'), dimensionFormatNames),
      meta: fields.field('meta').jsonObject(),
      location: item.location,
    };
  });
}
