import type { Command } from 'commander';
import { UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';

interface SignInOptions extends CommonOptions {
  apiKey?: string;
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
}
