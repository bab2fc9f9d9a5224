import { randomUUID } from 'node:crypto';
import { tool } from 'ai';
import * as z from 'zod';
import { AppError } from '../../../errors/app-error.js';
import type { AgentDataAccess, SqlRunResult } from '../../data-api/agent-data-access.js';
import { buildVegaSpec, vegaDataName, vegaLiteSchemaUrl } from './vega-spec.js';

/** Rows a tool result carries; `totalRows` counts the rest. */
export const sqlResultRows = 100;

export const platformSqlApiInput = z.object({
  sqlQuery: z
    .string()
    .describe(
      'One SELECT over the cubes and views found with platformMeta, e.g. SELECT status, MEASURE(count) FROM orders GROUP BY 1',
    ),
  queryTitle: z.string().optional().describe('A short title for the result'),
  description: z.string().optional().describe('What the query answers'),
  userRequest: z.string().optional().describe("The user's question this query answers"),
  memoryId: z.string().optional(),
  vegaSpec: z
    .string()
    .optional()
    .describe('A Vega-Lite v5 spec as a JSON string, without data, when a chart helps'),
});

export type PlatformSqlApiInput = z.infer<typeof platformSqlApiInput>;

/** What the model asked for, repeated in every result so a failed call still says which query failed. */
interface EchoedInput {
  sqlQuery: string;
  queryTitle: string;
  description: string;
  userRequest: string;
}

export type PlatformSqlApiResult =
  | (EchoedInput & {
      schema: SqlRunResult['schema'];
      data: unknown[][];
      totalRows: number;
      uuid: string;
      vegaSpec?: string;
    })
  | (EchoedInput & { error: string });

/**
 * `platformSqlApi`: runs SQL through the SQL interface as the chat user (access policies and row-level
 * security apply). A failure is a result with `error`, not a thrown error: the model reads it and may
 * correct its SQL, and the chat stream shows it as the tool call's result.
 */
export function platformSqlApiTool(data: AgentDataAccess) {
  return tool({
    description:
      'Run a SQL query over the data model (cubes and views as tables, measures with MEASURE(...)) and get up to 100 rows, the total row count and a chart spec when one fits.',
    inputSchema: platformSqlApiInput,
    execute: (input, options) => runPlatformSqlApi(data, input, options.abortSignal),
  });
}

export async function runPlatformSqlApi(
  data: AgentDataAccess,
  input: PlatformSqlApiInput,
  abortSignal?: AbortSignal,
): Promise<PlatformSqlApiResult> {
  const echoed: EchoedInput = {
    sqlQuery: input.sqlQuery,
    queryTitle: input.queryTitle ?? '',
    description: input.description ?? '',
    userRequest: input.userRequest ?? '',
  };
  let result: SqlRunResult;
  try {
    result = await data.runSql(input.sqlQuery, {
      maxRows: sqlResultRows,
      ...(abortSignal ? { abortSignal } : {}),
    });
  } catch (error) {
    return { ...echoed, error: messageOf(error) };
  }
  const spec =
    requestedSpec(input.vegaSpec) ?? buildVegaSpec(result.schema, result.rows.length, input.queryTitle);
  return {
    ...echoed,
    schema: result.schema,
    data: result.rows,
    totalRows: result.totalRows,
    uuid: randomUUID(),
    ...(spec ? { vegaSpec: JSON.stringify(spec) } : {}),
  };
}

/**
 * The model's own spec when it is a JSON object, with any inline data replaced by the named source:
 * the result's rows are the data, never values the model wrote.
 */
function requestedSpec(text: string | undefined): Record<string, unknown> | null {
  if (!text?.trim()) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const { data: _inlineData, $schema: _schema, ...rest } = parsed as Record<string, unknown>;
  return { $schema: vegaLiteSchemaUrl, ...rest, data: { name: vegaDataName } };
}

/** Our errors are written for the caller; anything else is not shown as is (it may say too much). */
function messageOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (error instanceof Error && error.name === 'AbortError') return 'the query was stopped';
  return 'the query failed unexpectedly';
}
