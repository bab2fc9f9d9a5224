import { InvalidArgumentError } from 'commander';

/** Ids are positive integers; refusing others here gives a usage error instead of a round trip. */
export function parseId(value: string): number {
  if (!/^[1-9][0-9]*$/.test(value.trim())) throw new InvalidArgumentError('must be a positive integer');
  return Number(value.trim());
}

export function parsePageSize(value: string): number {
  return parseId(value);
}

/** For repeatable options: `-q a=1 -q b=2`. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

export function collectIds(value: string, previous: number[] | undefined): number[] {
  const ids = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(parseId);
  return [...(previous ?? []), ...ids];
}

/** `NAME=VALUE`, split at the first `=` so values may contain `=` themselves. */
export function splitAssignment(assignment: string): { name: string; value: string } | null {
  const index = assignment.indexOf('=');
  if (index <= 0) return null;
  return { name: assignment.slice(0, index), value: assignment.slice(index + 1) };
}

/** The values of a contract enum; commander's `.choices()` has already checked them. */
export type ChoiceOf<Schema extends { options: readonly string[] }> = Schema['options'][number];
