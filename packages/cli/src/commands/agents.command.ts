import { LlmProvider } from '@platform/contract';
import { type Command, Option } from 'commander';
import type { ChoiceOf } from '../program/argument-parsers.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';
import { registerAgentKeysCommands } from './agent-keys.command.js';
import { formatAgent, formatAgents } from './agent-views.js';
import { registerChatAuthCommands } from './chat-auth.command.js';

interface DeploymentOptions extends CommonOptions {
  deployment: number;
}

interface AgentOptions extends DeploymentOptions {
  name?: string;
  instructions?: string;
  clearInstructions?: boolean;
  provider?: ChoiceOf<typeof LlmProvider>;
  baseUrl?: string;
  model?: string;
  apiKey?: string;
  default?: boolean;
}

/** The model options a command was given, or undefined when none: the server keeps what it has. */
function modelOf(options: AgentOptions) {
  const model = {
    provider: options.provider,
    baseUrl: options.baseUrl,
    model: options.model,
    apiKey: options.apiKey,
  };
  return Object.values(model).some((value) => value !== undefined) ? model : undefined;
}

function addAgentOptions(command: Command): Command {
  return command
    .option('--instructions <text>', "added to the agent's system prompt")
    .addOption(
      new Option('--provider <provider>', 'the LLM provider (default: the server default)').choices(
        LlmProvider.options,
      ),
    )
    .option('--base-url <url>', 'the endpoint of an openai-compatible or anthropic provider')
    .option('--model <name>', 'the model name at the provider')
    .option('--api-key <key>', "the provider's API key (stored encrypted, never shown again)")
    .option('--default', "make it the deployment's default agent");
}

export function registerAgentsCommands(program: Command, context: CommandContext): void {
  const agents = program
    .command('agents')
    .description("a deployment's AI agents, their Chat API keys and chat authentication");

  addDeploymentOption(addVerb(agents, 'list', "list a deployment's agents")).action(
    async (options: DeploymentOptions) => {
      const client = await context.client(options);
      const result = await client.call('listAgents', { params: { deploymentId: options.deployment } });
      context.render(options, result, (value) => formatAgents(value.items));
    },
  );

  addAgentOptions(
    addDeploymentOption(addVerb(agents, 'create', 'create an agent; the first one is the default')),
  )
    .requiredOption('--name <name>', 'the agent name')
    .action(async (options: AgentOptions) => {
      const client = await context.client(options);
      const created = await client.call('createAgent', {
        params: { deploymentId: options.deployment },
        body: {
          name: options.name ?? '',
          instructions: options.instructions,
          model: modelOf(options),
          isDefault: options.default,
        },
      });
      context.render(options, created, formatAgent);
    });

  addDeploymentOption(addVerb(agents, 'get', 'show one agent'))
    .argument('<agentId>', 'agent id (a UUID)')
    .action(async (agentId: string, options: DeploymentOptions) => {
      const client = await context.client(options);
      const agent = await client.call('getAgent', { params: { deploymentId: options.deployment, agentId } });
      context.render(options, agent, formatAgent);
    });

  addAgentOptions(addDeploymentOption(addVerb(agents, 'update', 'change an agent; options left out stay')))
    .argument('<agentId>', 'agent id (a UUID)')
    .option('--name <name>', 'a new name')
    .option('--clear-instructions', 'remove the instructions')
    .action(async (agentId: string, options: AgentOptions) => {
      const client = await context.client(options);
      const updated = await client.call('updateAgent', {
        params: { deploymentId: options.deployment, agentId },
        body: {
          name: options.name,
          instructions: options.clearInstructions ? null : options.instructions,
          model: modelOf(options),
          isDefault: options.default,
        },
      });
      context.render(options, updated, formatAgent);
    });

  addDeploymentOption(addVerb(agents, 'delete', 'delete an agent and its API keys'))
    .argument('<agentId>', 'agent id (a UUID)')
    .action(async (agentId: string, options: DeploymentOptions) => {
      const client = await context.client(options);
      const result = await client.call('deleteAgent', {
        params: { deploymentId: options.deployment, agentId },
      });
      context.render(options, result, () => `deleted agent ${agentId}`);
    });

  registerAgentKeysCommands(agents, context);
  registerChatAuthCommands(agents, context);
}
