import type { Command } from 'commander';
import { parseId } from '../program/argument-parsers.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';
import { formatAgentApiKeys } from './agent-views.js';

interface KeyOptions extends CommonOptions {
  deployment: number;
  name?: string;
}

/** `platform agents keys ...`: the keys applications send to the Chat API as `Api-Key`. */
export function registerAgentKeysCommands(agents: Command, context: CommandContext): void {
  const keys = agents.command('keys').description("an agent's API keys for the Chat API");

  addDeploymentOption(addVerb(keys, 'list', "list an agent's API keys (never the keys themselves)"))
    .argument('<agentId>', 'agent id (a UUID)')
    .action(async (agentId: string, options: KeyOptions) => {
      const client = await context.client(options);
      const result = await client.call('listAgentApiKeys', {
        params: { deploymentId: options.deployment, agentId },
      });
      context.render(options, result, (value) => formatAgentApiKeys(value.items));
    });

  addDeploymentOption(addVerb(keys, 'create', 'create an API key; the key is printed this once'))
    .argument('<agentId>', 'agent id (a UUID)')
    .option('--name <name>', 'what the key is for (default: named after the agent)')
    .action(async (agentId: string, options: KeyOptions) => {
      const client = await context.client(options);
      const created = await client.call('createAgentApiKey', {
        params: { deploymentId: options.deployment, agentId },
        body: { name: options.name },
      });
      context.render(
        options,
        created,
        (value) => `id:    ${value.id}\nname:  ${value.name}\ntoken: ${value.token}`,
      );
      // Only a hash is stored server-side: a key not copied now is lost for good.
      context.note('warning: the token is shown only this once; store it now (it cannot be retrieved later)');
    });

  addDeploymentOption(addVerb(keys, 'delete', 'delete an API key; it stops working at once'))
    .argument('<agentId>', 'agent id (a UUID)')
    .argument('<keyId>', 'API key id', parseId)
    .action(async (agentId: string, keyId: number, options: KeyOptions) => {
      const client = await context.client(options);
      const result = await client.call('deleteAgentApiKey', {
        params: { deploymentId: options.deployment, agentId, keyId },
      });
      context.render(options, result, () => `deleted API key ${keyId}`);
    });
}
