import { mkdir, writeFile } from 'node:fs/promises';

/** `--<name> <positive whole number>` from a benchmark's arguments, else `fallback`. */
export function numberOption(arguments_: string[], name: string, fallback: number): number {
  const index = arguments_.indexOf(`--${name}`);
  const value = index >= 0 ? Number(arguments_[index + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

/** Writes a benchmark's figures to `bench/results/<name>.json` and says so. */
export async function writeBenchResults(name: string, results: unknown): Promise<void> {
  const directory = new URL('../results/', import.meta.url);
  await mkdir(directory, { recursive: true });
  await writeFile(new URL(`${name}.json`, directory), `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`figures written to bench/results/${name}.json\n`);
}
