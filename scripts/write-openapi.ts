import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  apiVersion,
  buildChatOpenApiDocument,
  buildOpenApiDocument,
  chatOperations,
  type OpenApiDocument,
  operations,
} from '@platform/contract';

/**
 * Writes docs/openapi.json (the management listener's document) and docs/chat-openapi.json (the chat
 * listener's) from the contract, or with --check fails when a committed file differs (run `npm run
 * spec:write` after changing an operation). `--docs-dir <dir>` reads and writes another folder (tests).
 */
const documents: ReadonlyArray<{ file: string; build: () => OpenApiDocument; count: number }> = [
  {
    file: 'openapi.json',
    build: () => buildOpenApiDocument(Object.values(operations), { version: apiVersion }),
    count: Object.keys(operations).length,
  },
  {
    file: 'chat-openapi.json',
    build: () => buildChatOpenApiDocument(Object.values(chatOperations), { version: apiVersion }),
    count: Object.keys(chatOperations).length,
  },
];

const directoryFlag = process.argv.indexOf('--docs-dir');
const directory =
  directoryFlag >= 0 && process.argv[directoryFlag + 1]
    ? (process.argv[directoryFlag + 1] as string)
    : fileURLToPath(new URL('../docs', import.meta.url));
const isCheck = process.argv.includes('--check');

let isStale = false;
for (const { file, build, count } of documents) {
  const path = join(directory, file);
  const text = `${JSON.stringify(build(), null, 2)}\n`;
  if (isCheck) {
    const committed = await readFile(path, 'utf8').catch(() => '');
    if (committed === text) {
      process.stdout.write(`docs/${file} matches the contract\n`);
    } else {
      process.stderr.write(`docs/${file} is out of date with the contract: run \`npm run spec:write\`\n`);
      isStale = true;
    }
  } else {
    await writeFile(path, text);
    process.stdout.write(`wrote docs/${file} (${count} operations)\n`);
  }
}
if (isStale) process.exit(1);
