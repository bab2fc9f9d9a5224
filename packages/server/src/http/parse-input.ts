import { findJsonInputProblem, type OperationDefinition } from '@platform/contract';
import type * as z from 'zod';
import { AppError } from '../errors/app-error.js';

export interface InputIssue {
  location: 'path' | 'query' | 'body';
  path: string;
  message: string;
}

function parsePart(
  schema: z.ZodType | null,
  value: unknown,
  location: InputIssue['location'],
  issues: InputIssue[],
): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    issues.push({ location, path: issue.path.map(String).join('.'), message: issue.message });
  }
  return undefined;
}

function describeIssue(issue: InputIssue): string {
  return issue.path
    ? `${issue.location} ${issue.path}: ${issue.message}`
    : `${issue.location}: ${issue.message}`;
}

/**
 * What no operation accepts anywhere in its input, whatever its schema says: a NUL or an unpaired
 * surrogate in any path parameter, query value, body string or key, and JSON nested beyond the limit.
 * Checked before zod runs, so no field can be forgotten and no recursive code sees a deep document.
 */
function refuseUnacceptableInput(raw: { params: unknown; query: unknown; body: unknown }): void {
  const issues: InputIssue[] = [];
  const parts: Array<[InputIssue['location'], unknown]> = [
    ['path', raw.params],
    ['query', raw.query],
    ['body', raw.body],
  ];
  for (const [location, value] of parts) {
    const problem = findJsonInputProblem(value);
    if (!problem) continue;
    // The path of a deep document is long and its keys are the client's: keep the message short.
    const path = problem.path.map(String).join('.');
    issues.push({
      location,
      path: path.length > 200 ? `${path.slice(0, 200)}…` : path,
      message: problem.message,
    });
  }
  if (issues.length > 0) {
    throw new AppError('BAD_REQUEST', `invalid request: ${issues.map(describeIssue).join('; ')}`, { issues });
  }
}

/** Validates path, query and body against the operation's schemas; reports every problem at once. */
export function parseInput(
  operation: OperationDefinition,
  raw: { params: unknown; query: unknown; body: unknown },
): { params: unknown; query: unknown; body: unknown } {
  refuseUnacceptableInput(raw);
  const issues: InputIssue[] = [];
  const params = parsePart(operation.params, raw.params, 'path', issues);
  const query = parsePart(operation.query, raw.query ?? {}, 'query', issues);
  let body: unknown;
  if (operation.body) {
    if (raw.body === undefined || raw.body === null) {
      if (operation.isBodyRequired)
        issues.push({ location: 'body', path: '', message: 'a JSON body is required' });
      else body = parsePart(operation.body, {}, 'body', issues);
    } else {
      body = parsePart(operation.body, raw.body, 'body', issues);
    }
  }
  if (issues.length > 0) {
    throw new AppError('BAD_REQUEST', `invalid request: ${issues.map(describeIssue).join('; ')}`, { issues });
  }
  return { params, query, body };
}
