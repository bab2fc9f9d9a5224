import { compileModelFiles } from '@platform/semantic';
import { filesHashOf, sha1Of } from './file-tree.js';

export interface ModelCompileError {
  message: string;
  fileName: string;
  line?: number | undefined;
  column?: number | undefined;
  path?: string | undefined;
}

export interface ModelCompilation {
  errors: ModelCompileError[];
  cubesCount: number;
  viewsCount: number;
  filesHash: string;
}

/** Only YAML files are model files; a README or a CI file beside them is not the compiler's business. */
export function isModelFilePath(path: string): boolean {
  return /\.ya?ml$/i.test(path);
}

/** Compiles a branch's files (parse and validate stages of packages/semantic), every error at once. */
export function compileModel(files: ReadonlyArray<{ path: string; content: Uint8Array }>): ModelCompilation {
  const modelFiles = files.filter((file) => isModelFilePath(file.path));
  const result = compileModelFiles(
    modelFiles.map((file) => ({ fileName: file.path, content: Buffer.from(file.content).toString('utf8') })),
  );
  return {
    errors: result.errors.map((error) => ({
      message: error.message,
      fileName: error.fileName,
      line: error.line,
      column: error.column,
      path: error.path,
    })),
    cubesCount: result.cubesCount,
    viewsCount: result.viewsCount,
    filesHash: filesHashOf(files.map((file) => ({ path: file.path, hash: sha1Of(file.content) }))),
  };
}

/** `model/cubes/orders.yml:12: message (at cubes.orders.measures.count)`: what logs and errorText show. */
export function describeCompileError(error: ModelCompileError): string {
  const location = error.line === undefined ? error.fileName : `${error.fileName}:${error.line}`;
  return `${location}: ${error.message}${error.path ? ` (at ${error.path})` : ''}`;
}
