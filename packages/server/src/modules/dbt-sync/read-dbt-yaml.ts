import { LineCounter, parseDocument } from 'yaml';
import { DbtProjectError } from './dbt-project-error.js';

/** A plain YAML mapping, as `toJS()` gives it. */
export type YamlRecord = Record<string, unknown>;

export function isYamlRecord(value: unknown): value is YamlRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses one YAML file of the project; the first syntax error becomes a DbtProjectError naming file and line. */
export function readDbtYaml(path: string, text: string): unknown {
  const lineCounter = new LineCounter();
  // dbt reads YAML with PyYAML, which resolves `<<: *anchor` merge keys (often used to share column specs).
  const document = parseDocument(text, { lineCounter, prettyErrors: false, merge: true });
  const [error] = document.errors;
  if (error) {
    const position = error.linePos?.[0] ?? lineCounter.linePos(error.pos[0]);
    throw new DbtProjectError(
      `Malformed YAML in ${path} at line ${position.line}, column ${position.col}: ${error.message}`,
    );
  }
  return document.toJS();
}

/** A string value, trimmed; anything else (null, numbers in odd places, maps) reads as absent. */
export function yamlString(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** dbt accepts a single string where a list is expected (`tags: pii`). */
export function yamlStringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => yamlString(item) ?? []);
  const single = yamlString(value);
  return single === undefined ? [] : [single];
}

export function yamlList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
