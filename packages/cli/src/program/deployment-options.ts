import { type Command, InvalidArgumentError } from 'commander';
import { parseId } from './argument-parsers.js';

/** The build API addresses one deployment; every data-model command names it the same way. */
export function addDeploymentOption(command: Command): Command {
  return command.requiredOption('--deployment <id>', 'deployment id', parseId);
}

export function addBranchOption(
  command: Command,
  description = 'the branch (default the deploy branch)',
): Command {
  return command.option('--branch <name>', description);
}

/** Seconds as given on the command line, in milliseconds. */
export function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new InvalidArgumentError('must be a positive number');
  return Math.round(seconds * 1000);
}

export function parseConcurrency(value: string): number {
  const count = parseId(value);
  if (count > 64) throw new InvalidArgumentError('must be at most 64');
  return count;
}
