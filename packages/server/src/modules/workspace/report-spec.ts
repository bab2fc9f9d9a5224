import { findJsonInputProblem } from '@platform/contract';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { AppError } from '../../errors/app-error.js';

/** The name of the data source a report's chart reads: the report's query result, bound when it renders. */
export const reportDataName = 'report';

let validator: Promise<ValidateFunction> | null = null;

/**
 * The Vega-Lite schema (draft-07) compiled once per process, on first use: compiling it takes about half
 * a second, which a server that never sees a chart should not pay at start. `inlineRefs: false` and no
 * code optimisation halve that; validating a spec takes a few milliseconds either way.
 */
function vegaLiteValidator(): Promise<ValidateFunction> {
  validator ??= (async () => {
    const [ajvModule, schema] = await Promise.all([
      import('ajv'),
      import('vega-lite/vega-lite-schema.json', { with: { type: 'json' } }),
    ]);
    // Node's loader gives ajv's CommonJS exports by name; the server bundle's lazy chunk gives them only as
    // `default` (the Ajv class, which carries itself as `.Ajv`).
    const Ajv = ajvModule.Ajv ?? ajvModule.default.Ajv;
    const ajv = new Ajv({
      strict: false,
      allowUnionTypes: true,
      validateFormats: false,
      inlineRefs: false,
      logger: false,
      code: { optimize: false },
    });
    return ajv.compile(schema.default);
  })();
  validator.catch(() => {
    validator = null;
  });
  return validator;
}

function badSpec(path: readonly (string | number)[], message: string): AppError {
  const dotted = ['spec', ...path].join('.');
  return new AppError('BAD_REQUEST', `invalid request: body ${dotted}: ${message}`, {
    issues: [{ location: 'body', path: dotted, message }],
  });
}

/** The first place a spec carries data of its own: `values` in any `data`, or top-level `datasets`. */
function findInlineData(spec: Record<string, unknown>): (string | number)[] | null {
  if (spec.datasets !== undefined) return ['datasets'];
  const pending: Array<{ value: unknown; path: (string | number)[] }> = [{ value: spec, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop() as { value: unknown; path: (string | number)[] };
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        pending.push({ value: item, path: [...path, index] });
      });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (key === 'data' && typeof item === 'object' && item !== null && 'values' in item) {
        return [...path, 'data', 'values'];
      }
      pending.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}

/** The error a person can act on: the deepest place the spec went wrong, with what was allowed there. */
function describeFirstError(errors: readonly ErrorObject[]): { path: string[]; message: string } {
  const depthOf = (error: ErrorObject) =>
    error.instancePath === '' ? 0 : error.instancePath.split('/').length;
  const deepest = Math.max(...errors.map(depthOf));
  const here = errors.filter((error) => depthOf(error) === deepest);
  const first = here[0] as ErrorObject;
  const path = first.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
  const allowed = new Set<string>();
  for (const error of here) {
    if (error.keyword === 'enum') for (const value of error.params.allowedValues) allowed.add(String(value));
    if (error.keyword === 'const') allowed.add(String(error.params.allowedValue));
  }
  if (allowed.size > 0) {
    const shown = [...allowed].slice(0, 30);
    return { path, message: `must be one of ${shown.join(', ')}${allowed.size > 30 ? ', …' : ''}` };
  }
  const unknown = here.find((error) => error.keyword === 'additionalProperties');
  if (unknown) {
    return {
      path: [...path, String(unknown.params.additionalProperty)],
      message: 'is not a Vega-Lite property',
    };
  }
  return { path, message: first.message ?? 'is not valid Vega-Lite' };
}

/**
 * A report's `spec` as it is stored: a Vega-Lite document (an object, or its JSON text kept as text)
 * that validates against the Vega-Lite schema once the report's data source is bound, and holds no
 * data of its own. Anything else is a 400 naming the path of the problem.
 */
export async function checkReportSpec(spec: string | Record<string, unknown>): Promise<void> {
  let document: unknown = spec;
  if (typeof spec === 'string') {
    try {
      document = JSON.parse(spec);
    } catch {
      throw badSpec([], 'must be a Vega-Lite document as an object or as JSON text');
    }
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw badSpec([], 'must be a Vega-Lite document (a JSON object)');
  }
  // JSON text was not seen by the request's checks: the same limits (depth, storable text) apply to it.
  const problem = findJsonInputProblem(document);
  if (problem) throw badSpec(problem.path, problem.message);
  const object = document as Record<string, unknown>;
  const inline = findInlineData(object);
  if (inline) throw badSpec(inline, "must not hold data: a report's chart shows the report's query result");
  const validate = await vegaLiteValidator();
  // The data comes from the query: a spec that names no source gets the report's, as when it renders.
  const bound = object.data === undefined ? { ...object, data: { name: reportDataName } } : object;
  if (validate(bound)) return;
  const { path, message } = describeFirstError(validate.errors ?? []);
  throw badSpec(path, message);
}
