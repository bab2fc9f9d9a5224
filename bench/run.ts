import { readdir } from 'node:fs/promises';

/** `npm run bench -- <name> [arguments]` runs `bench/<name>.bench.ts`, which exports `run(arguments)`. */
interface Benchmark {
  run(arguments_: string[]): Promise<void>;
}

const benchDirectory = new URL('./', import.meta.url);
const suffix = '.bench.ts';

async function availableBenchmarks(): Promise<string[]> {
  const files = await readdir(benchDirectory);
  return files.filter((file) => file.endsWith(suffix)).map((file) => file.slice(0, -suffix.length));
}

function isBenchmark(value: unknown): value is Benchmark {
  return typeof value === 'object' && value !== null && typeof (value as Benchmark).run === 'function';
}

const [name, ...benchArguments] = process.argv.slice(2);
const available = await availableBenchmarks();
if (!name || !available.includes(name)) {
  process.stderr.write(
    `${name ? `unknown benchmark "${name}"` : 'name a benchmark'}: npm run bench -- <${available.join('|')}>\n`,
  );
  process.exit(1);
}
const loaded: unknown = await import(new URL(`./${name}.bench.ts`, benchDirectory).href);
if (!isBenchmark(loaded)) {
  process.stderr.write(`bench/${name}${suffix} must export run(arguments)\n`);
  process.exit(1);
}
await loaded.run(benchArguments);
