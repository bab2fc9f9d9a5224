import type { Command } from 'commander';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';

interface SignInOptions extends CommonOptions {
  apiKey?: string;
}

interface DeviceDecisionOptions extends CommonOptions {
  deny?: boolean;
}

interface SignInOptionsOptions extends CommonOptions {
  account?: string;
}

/** The web pages' sign-in, from a terminal: check a key can sign in, end the sessions a key opened. */
export function registerWebCommands(program: Command, context: CommandContext): void {
  const web = program.command('web').description("the web pages' sign-in (sessions made from API keys)");

  addVerb(web, 'sign-in', 'check that an API key signs in to the web pages (the CLI keeps no session)')
    .option('--api-key <key>', 'the API key to check (default: the context key)')
    .action(async (options: SignInOptions) => {
      const client = await context.client(options, { isKeyRequired: false });
      const apiKey = options.apiKey?.trim() || context.runtime.environment.PLATFORM_API_KEY?.trim();
      if (!apiKey) throw new UsageError('give --api-key <key> (or set PLATFORM_API_KEY)');
      await client.call('signIn', { body: { apiKey } });
      context.render(options, { signedIn: true }, () => 'the key signs in to the web pages');
    });

  addVerb(web, 'sign-out', 'end every web session opened with the context API key').action(
    async (options: CommonOptions) => {
      const client = await context.client(options);
      await client.call('signOut');
      context.render(options, { signedOut: true }, () => 'ended the web sessions of this API key');
    },
  );

  addVerb(
    web,
    'approve-device',
    'approve (or --deny) a sign-in another terminal started with platform login, by the code it printed',
  )
    .argument('<user-code>', 'the code platform login printed (ABCD-EFGH)')
    .option('--deny', 'refuse the sign-in instead')
    .action(async (userCode: string, options: DeviceDecisionOptions) => {
      const client = await context.client(options);
      const decision = await client.call('decideDeviceAuthorization', {
        body: { userCode, decision: options.deny ? 'deny' : 'approve' },
      });
      context.render(
        options,
        decision,
        (value) => `${value.status} the sign-in of ${value.clientId} (${value.userCode})`,
      );
    });

  addVerb(web, 'sign-in-options', 'how the web pages can be signed in to (whether SSO is on)')
    .option('--account <name>', 'the account by name (default: default)')
    .action(async (options: SignInOptionsOptions) => {
      const client = await context.client(options, { isKeyRequired: false });
      const signInOptions = await client.call('getSignInOptions', {
        query: options.account ? { account: options.account } : {},
      });
      context.render(options, signInOptions, (value) =>
        value.sso.enabled
          ? `SSO is on: sign in at ${value.sso.startUrl}`
          : 'SSO is off: sign in with an API key',
      );
    });
}
