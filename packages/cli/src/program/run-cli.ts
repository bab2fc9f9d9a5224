import { CommanderError } from 'commander';
import { ApiError, ConnectionError } from '../client/api-error.js';
import { CliError, UsageError } from './cli-errors.js';
import type { CliRuntime } from './command-context.js';
import { createProgram } from './create-program.js';

export const exitCodes = { success: 0, failure: 1, usage: 2 } as const;

/** Runs one command line; never throws, answers the process exit code. */
export async function runCli(argv: readonly string[], runtime: CliRuntime): Promise<number> {
  const program = createProgram(runtime);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCodes.success;
  } catch (error) {
    return reportError(error, runtime);
  }
}

function reportError(error: unknown, runtime: CliRuntime): number {
  // Commander has already printed its message (or the help / version it was asked for).
  if (error instanceof CommanderError) return error.exitCode === 0 ? exitCodes.success : exitCodes.usage;
  if (error instanceof ApiError) {
    const requestId = error.requestId ? ` (request id ${error.requestId})` : '';
    runtime.writeError(`error: ${error.status} ${error.message}${requestId}\n`);
    return exitCodes.failure;
  }
  if (error instanceof UsageError) {
    runtime.writeError(`error: ${error.message}\n`);
    return exitCodes.usage;
  }
  if (error instanceof CliError || error instanceof ConnectionError) {
    runtime.writeError(`error: ${error.message}\n`);
    return exitCodes.failure;
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  runtime.writeError(`error: unexpected failure: ${detail}\n`);
  return exitCodes.failure;
}
