import { readFile } from 'node:fs/promises';
import { UsageError } from './cli-errors.js';

/** A `-d` value: JSON, or `@file` to read it from a file (as curl does, keeping large bodies out of the shell history). */
export async function readJsonBody(data: string, optionName = '-d'): Promise<unknown> {
  const text = data.startsWith('@') ? await readFile(data.slice(1), 'utf8') : data;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `${optionName} must be JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
