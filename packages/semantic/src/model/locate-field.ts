import type { ModelError } from './model-error.types.js';
import type { SourceLocation, SourceMap } from './source-location.types.js';

/**
 * The location of a field of a node (`relativePath` like `join_path` or `includes[2]`); falls back to
 * the node's own position when the field was not written (a missing required key, an inherited value).
 */
export function locateField(
  sourceMap: SourceMap,
  location: SourceLocation,
  relativePath: string,
): SourceLocation {
  const path = relativePath === '' ? location.path : joinPath(location.path, relativePath);
  const position = sourceMap.get(location.fileName)?.get(path);
  return position === undefined
    ? { ...location, path }
    : { fileName: location.fileName, path, line: position.line, column: position.column };
}

export function modelErrorAt(location: SourceLocation, message: string): ModelError {
  return {
    message,
    fileName: location.fileName,
    line: location.line,
    column: location.column,
    ...(location.path === '' ? {} : { path: location.path }),
  };
}

function joinPath(base: string, relativePath: string): string {
  if (base === '') return relativePath;
  return relativePath.startsWith('[') ? `${base}${relativePath}` : `${base}.${relativePath}`;
}
