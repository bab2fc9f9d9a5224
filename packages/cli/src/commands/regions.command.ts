import type { Command } from 'commander';
import { formatTable } from '../output/table.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addCommonOptions } from '../program/common-options.js';

export function registerRegionsCommand(program: Command, context: CommandContext): void {
  addCommonOptions(program.command('regions').description('regions available for new deployments')).action(
    async (options: CommonOptions) => {
      const client = await context.client(options);
      const regions = await client.call('listRegions');
      context.render(options, regions, (value) =>
        formatTable(
          [
            { header: 'ID', value: (region) => region.id },
            { header: 'NAME', value: (region) => region.name },
            { header: 'DEFAULT', value: (region) => (region.isDefault ? '*' : '') },
            { header: 'CHAT API', value: (region) => region.aiUrl },
          ],
          value.items,
        ),
      );
    },
  );
}
