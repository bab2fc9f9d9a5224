import { type OperationDefinition, type OperationId, operations } from '@platform/contract';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { operationCommands } from '../src/commands/operation-commands.js';
import { createProgram } from '../src/program/create-program.js';
import { runInProcess } from './support/in-process-cli.js';
import { recordingFetch } from './support/recording-fetch.js';

const operationIds = Object.keys(operations) as OperationId[];
const definitions = operations as unknown as Record<string, OperationDefinition>;

/** The operation a request lands on, as the server's router would pick it: literal segments beat parameters. */
function operationOfRequest(method: string, pathname: string): string | null {
  const candidates = Object.values(definitions).filter((operation) => {
    if (operation.method !== method) return false;
    const pattern = operation.path
      .split('/')
      .map((segment) => (/^\{.+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .join('/');
    return new RegExp(`^${pattern}$`).test(pathname);
  });
  candidates.sort(
    (left, right) => (left.path.match(/\{/g)?.length ?? 0) - (right.path.match(/\{/g)?.length ?? 0),
  );
  return candidates[0]?.operationId ?? null;
}

function findCommand(program: Command, words: readonly string[]): Command | null {
  let current: Command | undefined = program;
  for (const word of words) {
    current = current?.commands.find((command) => command.name() === word);
    if (!current) return null;
  }
  return current ?? null;
}

/**
 * An answer every command can render: a list page is also a valid object for the others with --json; the
 * transaction lets `deploy` go on from startUpload to uploadFile, and `valid` past validateUpload to
 * finishUpload.
 */
const genericAnswer = {
  items: [],
  pageInfo: { endCursor: null, hasNextPage: false },
  transaction: { id: 'transaction-1' },
  valid: true,
  errors: [],
};

describe('every API operation has a CLI command', () => {
  it('maps each operationId of the registry to a command, and nothing else', () => {
    expect(Object.keys(operationCommands).sort()).toEqual([...operationIds].sort());
  });

  it.each(operationIds)('%s is reachable through its command', async (operationId) => {
    const mapping = operationCommands[operationId];
    const words = mapping.command.split(' ');
    expect(mapping.example.slice(0, words.length)).toEqual(words);
    expect(
      findCommand(createProgram({ environment: {}, fetch, writeOut: () => {}, writeError: () => {} }), words),
    ).not.toBeNull();

    const recorder = recordingFetch(() => ({ status: 200, body: genericAnswer }));
    const result = await runInProcess([...mapping.example, '--json'], recorder);
    expect(result.exitCode, result.stderr).toBe(0);
    const reached = recorder.requests.map((request) =>
      operationOfRequest(request.method, request.url.pathname),
    );
    expect(reached).toContain(operationId);
  });
});

describe('the command tree', () => {
  it('gives every leaf command --json, so every answer is scriptable', () => {
    const program = createProgram({ environment: {}, fetch, writeOut: () => {}, writeError: () => {} });
    const leaves: Command[] = [];
    const visit = (command: Command) => {
      const children = command.commands.filter((child) => child.name() !== 'help');
      if (children.length === 0) leaves.push(command);
      for (const child of children) visit(child);
    };
    visit(program);
    const withoutJson = leaves
      .filter((command) => command.name() !== 'use')
      .filter((command) => !command.options.some((option) => option.long === '--json'))
      .map((command) => command.name());
    expect(withoutJson).toEqual([]);
  });
});
