import type { Command } from 'commander';
import { formatTable } from '../output/table.js';
import { CliError } from '../program/cli-errors.js';
import type { CommandContext } from '../program/command-context.js';

interface JsonOption {
  json?: boolean;
}

/** Shows enough of a key to tell keys apart, never enough to use it. */
function maskKey(apiKey: string): string {
  return apiKey.length > 10 ? `${apiKey.slice(0, 7)}…` : '…';
}

export function registerContextsCommands(program: Command, context: CommandContext): void {
  const contexts = program.command('contexts').description('saved API URLs and keys (see login)');

  contexts
    .command('list')
    .description('list the saved contexts')
    .option('--json', 'print them as JSON (without the keys)')
    .action(async (options: JsonOption) => {
      const config = await context.readConfig();
      const rows = Object.entries(config.contexts).map(([name, saved]) => ({
        name,
        apiUrl: saved.apiUrl,
        authScheme: saved.authScheme ?? null,
        isCurrent: name === config.currentContext,
        key: maskKey(saved.apiKey),
      }));
      if (options.json) {
        context.printJson(rows.map(({ key: _key, ...row }) => row));
        return;
      }
      if (rows.length === 0) {
        context.print('no saved contexts; run platform login --api-key <key>');
        return;
      }
      context.print(
        formatTable(
          [
            { header: 'CURRENT', value: (row) => (row.isCurrent ? '*' : ' ') },
            { header: 'NAME', value: (row) => row.name },
            { header: 'API URL', value: (row) => row.apiUrl },
            { header: 'KEY', value: (row) => row.key },
            { header: 'AUTH', value: (row) => row.authScheme ?? 'auto' },
          ],
          rows,
        ),
      );
    });

  contexts
    .command('use')
    .description('make a saved context the current one')
    .argument('<name>', 'context name')
    .action(async (name: string) => {
      const config = await context.readConfig();
      if (!config.contexts[name]) throw new CliError(`no saved context named "${name}"`);
      await context.writeConfig({ ...config, currentContext: name });
      context.print(`current context is now "${name}"`);
    });
}
