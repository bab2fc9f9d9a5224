import { type Command, InvalidArgumentError } from 'commander';
import { parseId } from '../program/argument-parsers.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';

interface TokenOptions extends CommonOptions {
  securityContext?: Record<string, unknown>;
  groups?: string[];
  expiresIn?: number;
}

export function parseSecurityContext(value: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new InvalidArgumentError('must be a JSON object, e.g. {"tenant":"acme"}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new InvalidArgumentError('must be a JSON object, e.g. {"tenant":"acme"}');
  }
  return parsed as Record<string, unknown>;
}

function parseGroups(value: string): string[] {
  return value
    .split(',')
    .map((group) => group.trim())
    .filter(Boolean);
}

function parseWholeSeconds(value: string): number {
  if (!/^[1-9][0-9]*$/.test(value.trim()))
    throw new InvalidArgumentError('must be a whole number of seconds');
  return Number(value.trim());
}

/** `deployments token`: a token for the deployment's data API, printed alone so `$(...)` captures it. */
export function registerDeploymentTokenCommand(deployments: Command, context: CommandContext): void {
  addVerb(deployments, 'token', "create a token for the deployment's data API (query, meta)")
    .argument('<deploymentId>', 'deployment id', parseId)
    .option('--security-context <json>', 'what access policies read as securityContext', parseSecurityContext)
    .option('--groups <names>', 'comma-separated groups access policies match', parseGroups)
    .option(
      '--expires-in <seconds>',
      'lifetime in seconds (default one day, at most 30 days)',
      parseWholeSeconds,
    )
    .action(async (deploymentId: number, options: TokenOptions) => {
      const client = await context.client(options);
      const created = await client.call('createDeploymentToken', {
        params: { deploymentId },
        body: {
          securityContext: options.securityContext,
          groups: options.groups,
          expiresIn: options.expiresIn,
        },
      });
      if (options.json) {
        context.printJson(created);
        return;
      }
      context.print(created.platformApiToken);
      context.note(`expires at ${created.expiresAt}`);
    });
}
