import { compileModelFiles, type ModelError } from '../src/index.js';

export const testFileName = 'model/test.yml';

/** Errors of one YAML model file compiled on its own. */
export function compileYaml(content: string, fileName = testFileName): ModelError[] {
  return compileModelFiles([{ fileName, content }]).errors;
}
