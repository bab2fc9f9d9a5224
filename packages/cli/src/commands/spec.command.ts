import { operations } from '@platform/contract';
import type { Command } from 'commander';
import { formatTable } from '../output/table.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addCommonOptions } from '../program/common-options.js';

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface SpecRow {
  method: string;
  path: string;
  operationId: string;
  summary: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The operations of an OpenAPI document, in the document's order. */
export function operationsOfDocument(document: unknown): SpecRow[] {
  const paths = isRecord(document) && isRecord(document.paths) ? document.paths : {};
  const rows: SpecRow[] = [];
  for (const [path, pathItem] of Object.entries(paths)) {
    if (!isRecord(pathItem)) continue;
    for (const method of httpMethods) {
      const operation = pathItem[method];
      if (!isRecord(operation)) continue;
      rows.push({
        method: method.toUpperCase(),
        path,
        operationId: typeof operation.operationId === 'string' ? operation.operationId : '',
        summary: typeof operation.summary === 'string' ? operation.summary : '',
      });
    }
  }
  return rows;
}

/** A known operationId asks for exactly that operation; anything else is a case-insensitive search. */
export function specQueryOf(pattern: string | undefined): { operationId?: string[]; search?: string } {
  if (!pattern) return {};
  if (Object.hasOwn(operations, pattern)) return { operationId: [pattern] };
  return { search: pattern };
}

export function registerSpecCommand(program: Command, context: CommandContext): void {
  addCommonOptions(
    program
      .command('spec')
      .description("the server's OpenAPI document: a table of operations, or the document itself with --json")
      .argument(
        '[pattern]',
        'an operationId, or text to search in methods, paths, summaries and operationIds',
      ),
  ).action(async (pattern: string | undefined, options: CommonOptions) => {
    const client = await context.client(options);
    const document = await client.call('getOpenApiSpec', { query: specQueryOf(pattern) });
    context.render(options, document, (value) =>
      formatTable(
        [
          { header: 'METHOD', value: (row: SpecRow) => row.method },
          { header: 'PATH', value: (row: SpecRow) => row.path },
          { header: 'OPERATION', value: (row: SpecRow) => row.operationId },
          { header: 'SUMMARY', value: (row: SpecRow) => row.summary },
        ],
        operationsOfDocument(value),
      ),
    );
  });
}
