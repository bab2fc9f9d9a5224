import type { Command } from 'commander';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';
import { formatChatAuthSettings } from './agent-views.js';

interface ChatAuthOptions extends CommonOptions {
  deployment: number;
  enable?: boolean;
  disable?: boolean;
  secret?: string;
  clearSecret?: boolean;
  jwksUrl?: string;
  customCheckUrl?: string;
  clearCustomCheck?: boolean;
  issuer?: string;
  audience?: string;
}

/** `platform agents chat-auth ...`: whether and how the Chat API accepts platform tokens. */
export function registerChatAuthCommands(agents: Command, context: CommandContext): void {
  const chatAuth = agents
    .command('chat-auth')
    .description("a deployment's settings for platform tokens (X-Platform-Auth-Token) on the Chat API");

  addDeploymentOption(addVerb(chatAuth, 'get', 'show the settings; the secret reads [ENCRYPTED]')).action(
    async (options: ChatAuthOptions) => {
      const client = await context.client(options);
      const settings = await client.call('getChatAuthSettings', {
        params: { deploymentId: options.deployment },
      });
      context.render(options, settings, formatChatAuthSettings);
    },
  );

  addDeploymentOption(addVerb(chatAuth, 'set', 'change the settings; options left out stay'))
    .option('--enable', 'accept platform tokens (needs a secret, a JWKS URL or a custom check)')
    .option('--disable', 'refuse platform tokens')
    .option('--secret <secret>', 'the HS256 shared secret (stored encrypted)')
    .option('--clear-secret', 'remove the shared secret')
    .option('--jwks-url <url>', 'where the RS256/ES256 keys are published')
    .option('--custom-check-url <url>', 'where the platform POSTs {token}; 200 with {claims} accepts it')
    .option('--clear-custom-check', 'remove the custom check')
    .option('--issuer <iss>', 'the required iss claim')
    .option('--audience <aud>', 'the required aud claim')
    .action(async (options: ChatAuthOptions) => {
      if (options.enable && options.disable) throw new UsageError('give --enable or --disable, not both');
      const client = await context.client(options);
      const params = { deploymentId: options.deployment };
      // The API needs `enabled` every time; without --enable/--disable it stays as it is.
      const enabled =
        options.enable || options.disable
          ? options.enable === true
          : (await client.call('getChatAuthSettings', { params })).enabled;
      const settings = await client.call('updateChatAuthSettings', {
        params,
        body: {
          enabled,
          secret: options.clearSecret ? null : options.secret,
          jwksUrl: options.jwksUrl,
          customCheckUrl: options.clearCustomCheck ? null : options.customCheckUrl,
          issuer: options.issuer,
          audience: options.audience,
        },
      });
      context.render(options, settings, formatChatAuthSettings);
    });
}
