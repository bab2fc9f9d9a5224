import { type Document, isMap, LineCounter, parseDocument } from 'yaml';
import type { Cube } from '../model/cube.types.js';
import type { ModelError } from '../model/model-error.types.js';
import type { SourcePosition } from '../model/source-location.types.js';
import type { View } from '../model/view.types.js';
import { parseList } from './common-fields.parser.js';
import { parseCube } from './cube.parser.js';
import { FileParseContext } from './file-parse-context.js';
import { readMap } from './map-reader.js';
import { parseView } from './view.parser.js';
import { YamlCursor } from './yaml-cursor.js';

export interface ModelFile {
  readonly fileName: string;
  readonly content: string;
}

export interface ParsedModelFile {
  readonly cubes: Cube[];
  readonly views: View[];
  readonly positions: ReadonlyMap<string, SourcePosition>;
  readonly rejectedNames: ReadonlySet<string>;
}

/** Parses one YAML model file, adding every syntax and shape error to `errors`. */
export function parseModelFile(file: ModelFile, errors: ModelError[]): ParsedModelFile {
  // Line breaks are normalised so CRLF files parse and count lines like LF ones.
  const content = file.content.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lineCounter = new LineCounter();
  const document = parseDocument(content, { lineCounter, prettyErrors: false, uniqueKeys: true });
  for (const error of document.errors) {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    errors.push({
      message: `YAML syntax error: ${syntaxErrorMessage(error.code, error.message)}`,
      fileName: file.fileName,
      line: Math.max(line, 1),
      column: Math.max(col, 1),
    });
  }
  // After a syntax error the recovered tree is unreliable: its cubes still join the model (so other files
  // do not report them unknown) but its shape errors would mislead, so they wait for the syntax fix. A
  // repeated key is the exception: the tree still says what the file says, so every error is reported.
  const isTreeReliable = document.errors.every((error) => treeKeepingSyntaxErrors.has(error.code));
  return parseTree(file, document, lineCounter, isTreeReliable ? errors : []);
}

/** Syntax errors after which the parsed tree still says what the file says (the last value wins). */
const treeKeepingSyntaxErrors: ReadonlySet<string> = new Set(['DUPLICATE_KEY']);

function parseTree(
  file: ModelFile,
  document: Document.Parsed,
  lineCounter: LineCounter,
  shapeErrors: ModelError[],
): ParsedModelFile {
  const context = new FileParseContext(file.fileName, document, lineCounter, shapeErrors);
  const root = YamlCursor.root(context, document.contents);
  if (!root.isMissing && !isMap(root.node)) {
    root.report(
      `a model file must be a map with \`cubes\` and/or \`views\` lists, got ${root.describeValue()}`,
    );
    return { cubes: [], views: [], positions: context.positions, rejectedNames: context.rejectedNames };
  }
  const fields = readMap(root, { keys: ['cubes', 'views'], describe: () => 'the top level of the file' });
  const cubes = fields === undefined ? [] : parseList(fields.field('cubes'), parseCube);
  const views = fields === undefined ? [] : parseList(fields.field('views'), parseView);
  if (context.hasTooManyAliases) {
    root.report(
      'aliases in this file expand to too many values; an alias may refer to one of its own parents',
    );
  }
  return { cubes, views, positions: context.positions, rejectedNames: context.rejectedNames };
}

function syntaxErrorMessage(code: string, message: string): string {
  return code === 'MULTIPLE_DOCS'
    ? 'a model file holds a single YAML document; move each `---` section to its own file'
    : message;
}
