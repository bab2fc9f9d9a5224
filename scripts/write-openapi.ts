import { readFile, writeFile } from 'node:fs/promises';
import { apiVersion, buildOpenApiDocument, operations } from '@platform/contract';

/**
 * Writes docs/openapi.json from the contract, or with --check fails when the committed file differs
 * (run `npm run spec:write` after changing an operation).
 */
const path = new URL('../docs/openapi.json', import.meta.url);
const document = `${JSON.stringify(buildOpenApiDocument(Object.values(operations), { version: apiVersion }), null, 2)}\n`;

if (process.argv.includes('--check')) {
  const committed = await readFile(path, 'utf8').catch(() => '');
  if (committed !== document) {
    process.stderr.write('docs/openapi.json is out of date with the contract: run `npm run spec:write`\n');
    process.exit(1);
  }
  process.stdout.write('docs/openapi.json matches the contract\n');
} else {
  await writeFile(path, document);
  process.stdout.write(`wrote docs/openapi.json (${Object.keys(operations).length} operations)\n`);
}
