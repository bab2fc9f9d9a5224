import type { Cube } from '../model/cube.types.js';
import type { DataModel } from '../model/data-model.types.js';
import type { ModelError } from '../model/model-error.types.js';
import type { SourcePosition } from '../model/source-location.types.js';
import type { View } from '../model/view.types.js';
import { type ModelFile, parseModelFile } from './model-file.parser.js';

export interface ParseModelFilesResult {
  readonly model: DataModel;
  readonly errors: ModelError[];
}

const yamlFilePattern = /\.ya?ml$/i;
/** Model languages of the Cube format this platform does not run; other files are not models. */
const otherModelLanguages: readonly (readonly [RegExp, string])[] = [
  [/\.(js|mjs|cjs|ts)$/i, 'JavaScript'],
  [/\.py$/i, 'Python'],
  [/\.(jinja|jinja2|j2)$/i, 'Jinja'],
];

/**
 * Parses every YAML model file into one data model. Never stops at the first problem: the result holds
 * every cube and view that parsed and every error of every file.
 */
export function parseModelFiles(files: ReadonlyArray<ModelFile>): ParseModelFilesResult {
  const errors: ModelError[] = [];
  const cubes: Cube[] = [];
  const views: View[] = [];
  const sourceMap = new Map<string, ReadonlyMap<string, SourcePosition>>();
  const rejectedNames = new Set<string>();
  for (const file of files) {
    if (!yamlFilePattern.test(file.fileName)) {
      const language = otherModelLanguages.find(([pattern]) => pattern.test(file.fileName))?.[1];
      if (language !== undefined) {
        errors.push({
          message: `\`${file.fileName}\` is a ${language} model file; only YAML models (.yml, .yaml) are supported`,
          fileName: file.fileName,
          line: 1,
          column: 1,
        });
      }
      continue;
    }
    const parsed = parseModelFile(file, errors);
    cubes.push(...parsed.cubes);
    views.push(...parsed.views);
    sourceMap.set(file.fileName, parsed.positions);
    for (const name of parsed.rejectedNames) rejectedNames.add(name);
  }
  return { model: { cubes, views, sourceMap, rejectedNames }, errors };
}
