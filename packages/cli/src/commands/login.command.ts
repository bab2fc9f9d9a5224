import { type Command, Option } from 'commander';
import { type AuthScheme, authSchemes } from '../client/auth-scheme.js';
import { configFileOf } from '../config/config-directory.js';
import type { Context } from '../config/config-store.js';
import { authSchemeFromEnvironment, defaultApiUrl } from '../config/resolve-connection.js';
import { CliError, UsageError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addCommonOptions } from '../program/common-options.js';

interface LoginOptions extends CommonOptions {
  apiKey?: string;
  url?: string;
  authScheme?: AuthScheme;
  chatUrl?: string;
}

export function registerLoginCommands(program: Command, context: CommandContext): void {
  program
    .command('login')
    .description('check an API key against the server and save it as a context')
    .option('--api-key <key>', 'the API key (sk-...); default $PLATFORM_API_KEY')
    .option('--url <url>', `the management API URL (default $PLATFORM_API_URL or ${defaultApiUrl})`)
    .option('--chat-url <url>', 'the Chat API URL, for platform chat (default $PLATFORM_CHAT_URL)')
    .option('--context <name>', 'save under this name (default: the current context, or "default")')
    .addOption(new Option('--auth-scheme <scheme>', 'force the Authorization scheme').choices(authSchemes))
    .option('--json', 'print the verified identity as JSON')
    .action(async (options: LoginOptions) => {
      const { environment } = context.runtime;
      const apiKey = options.apiKey?.trim() || environment.PLATFORM_API_KEY?.trim();
      if (!apiKey) throw new UsageError('give --api-key <key> (or set PLATFORM_API_KEY)');
      const config = await context.readConfig();
      const name = options.context ?? config.currentContext ?? 'default';
      const existing = config.contexts[name];
      const apiUrl = (
        options.url ??
        environment.PLATFORM_API_URL ??
        existing?.apiUrl ??
        defaultApiUrl
      ).replace(/\/+$/, '');
      const authScheme = options.authScheme ?? authSchemeFromEnvironment(environment) ?? undefined;
      // Verify before saving, so a typo never replaces a working context.
      const me = await context
        .clientFor({ apiUrl, apiKey, authScheme: authScheme ?? null })
        .call('getCurrentUser');
      // A new login to the same server keeps the chat URL saved before, unless a new one is given.
      const chatUrl =
        options.chatUrl?.replace(/\/+$/, '') ?? (existing?.apiUrl === apiUrl ? existing.chatUrl : undefined);
      const saved: Context = {
        apiUrl,
        apiKey,
        ...(authScheme ? { authScheme } : {}),
        ...(chatUrl ? { chatUrl } : {}),
      };
      const file = await context.writeConfig({
        ...config,
        currentContext: name,
        contexts: { ...config.contexts, [name]: saved },
      });
      context.render(options, me, (value) =>
        [
          `logged in to ${apiUrl} as ${value.email} (${value.credential.role}) in account ${value.account.name}`,
          `saved as context "${name}" in ${file}`,
        ].join('\n'),
      );
    });

  program
    .command('logout')
    .description('forget the saved API key of a context')
    .option('--context <name>', 'the context to remove (default: the current one)')
    .option('--json', 'print the result as JSON')
    .action(async (options: CommonOptions) => {
      const config = await context.readConfig();
      const name = options.context ?? config.currentContext;
      if (!name || !config.contexts[name]) {
        throw new CliError(name ? `no saved context named "${name}"` : 'not logged in (no current context)');
      }
      const { [name]: _removed, ...remaining } = config.contexts;
      const currentContext =
        config.currentContext === name ? (Object.keys(remaining)[0] ?? null) : config.currentContext;
      // Agent keys platform chat created through this context go with it, unless another context still reaches that server.
      const removedUrl = config.contexts[name]?.apiUrl;
      const isUrlStillUsed = Object.values(remaining).some((saved) => saved.apiUrl === removedUrl);
      const agentKeys = Object.fromEntries(
        Object.entries(config.agentKeys ?? {}).filter(
          ([, key]) => isUrlStillUsed || key.apiUrl !== removedUrl,
        ),
      );
      await context.writeConfig({ ...config, currentContext, contexts: remaining, agentKeys });
      context.render(options, { removedContext: name, currentContext }, () =>
        [
          `logged out: removed context "${name}" from ${configFileOf(context.configDirectory)}`,
          ...(currentContext ? [`current context is now "${currentContext}"`] : []),
        ].join('\n'),
      );
    });

  addCommonOptions(program.command('whoami').description('who the current credential belongs to')).action(
    async (options: CommonOptions) => {
      const connection = await context.connection(options);
      const client = await context.client(options);
      const me = await client.call('getCurrentUser');
      context.render(options, me, (value) =>
        [
          `${value.email} (${value.credential.role}) in account ${value.account.name}`,
          `at ${connection.apiUrl}${connection.contextName ? ` (context "${connection.contextName}")` : ''}`,
        ].join('\n'),
      );
    },
  );
}
