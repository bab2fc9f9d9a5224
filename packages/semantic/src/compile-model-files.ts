import type { DataModel } from './model/data-model.types.js';
import type { ModelError } from './model/model-error.types.js';
import { sortModelErrors } from './model/sort-model-errors.js';
import type { ModelFile } from './parse/model-file.parser.js';
import { parseModelFiles } from './parse/parse-model-files.js';
import { validateModel } from './validate/validate-model.js';

export interface CompileModelFilesResult {
  readonly model: DataModel;
  readonly errors: ModelError[];
  readonly cubesCount: number;
  readonly viewsCount: number;
}

/** Parses and validates model files in one go; errors of both stages, in file and line order. */
export function compileModelFiles(files: ReadonlyArray<ModelFile>): CompileModelFilesResult {
  const parsed = parseModelFiles(files);
  const validated = validateModel(parsed.model);
  return {
    model: validated.model,
    errors: sortModelErrors(
      [...parsed.errors, ...validated.errors],
      files.map((file) => file.fileName),
    ),
    cubesCount: validated.model.cubes.length,
    viewsCount: validated.model.views.length,
  };
}
