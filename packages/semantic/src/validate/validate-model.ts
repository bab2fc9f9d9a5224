import type { DataModel } from '../model/data-model.types.js';
import type { ModelError } from '../model/model-error.types.js';
import { sortModelErrors } from '../model/sort-model-errors.js';
import { applyExtends, mergeCubes, mergeViews } from './apply-extends.js';
import { checkCubeDeclarations, checkCubeReferences } from './cube.check.js';
import { checkModelSql } from './model-sql.check.js';
import { checkUniqueNames } from './unique-names.check.js';
import { ValidationContext } from './validation-context.js';
import { checkView } from './view.check.js';

export interface ValidateModelResult {
  /** The model with `extends` applied and duplicate cube or view definitions after the first left out. */
  readonly model: DataModel;
  readonly errors: ModelError[];
}

/** Cross-file checks of a parsed model; reports every problem found, in file and line order. */
export function validateModel(model: DataModel): ValidateModelResult {
  const context = new ValidationContext(model.sourceMap, model.rejectedNames);
  const unique = checkUniqueNames(model, context);
  const cubeNames = new Set(unique.cubes.map((cube) => cube.name));
  const viewNames = new Set(unique.views.map((view) => view.name));
  for (const cube of unique.cubes) {
    checkCubeDeclarations(cube, cubeNames, viewNames, context);
    checkModelSql(cube, context);
  }
  const cubes = applyExtends(unique.cubes, viewNames, mergeCubes, context);
  const views = applyExtends(unique.views, cubeNames, mergeViews, context);
  const cubesByName = new Map(cubes.map((cube) => [cube.name, cube]));
  for (const cube of cubes) checkCubeReferences(cube, cubesByName, context);
  for (const view of views) checkView(view, cubesByName, viewNames, context);
  return {
    model: { cubes, views, sourceMap: model.sourceMap, rejectedNames: model.rejectedNames },
    errors: sortModelErrors(context.errors, [...model.sourceMap.keys()]),
  };
}
