import { type Command, Option } from 'commander';
import { type AuthScheme, authSchemes } from '../client/auth-scheme.js';
import {
  OAuthError,
  type OAuthTokens,
  pollDeviceToken,
  requestDeviceCode,
} from '../client/oauth-device-flow.js';
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
  browser?: boolean;
  device?: boolean;
}

/**
 * The OAuth device flow: the person opens the printed address in a browser where they are signed in
 * and approves the code; meanwhile the CLI polls for the tokens.
 */
async function signInThroughBrowser(context: CommandContext, apiUrl: string): Promise<OAuthTokens> {
  const settings = context.oauthSettings(apiUrl);
  try {
    const code = await requestDeviceCode(settings);
    context.note(
      [
        `To sign in, open ${code.verificationUriComplete ?? code.verificationUri} in a browser`,
        `and confirm the code ${code.userCode} (it expires in ${Math.round(code.expiresInSeconds / 60)} minutes).`,
        'Waiting for the approval...',
      ].join('\n'),
    );
    return await pollDeviceToken(settings, code);
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    const reasons: Record<string, string> = {
      access_denied: 'the sign-in was denied in the browser',
      expired_token: 'the code expired before it was approved: run platform login again',
    };
    throw new CliError(reasons[error.error] ?? `the sign-in failed: ${error.message}`);
  }
}

export function registerLoginCommands(program: Command, context: CommandContext): void {
  program
    .command('login')
    .description(
      'sign in through the browser (OAuth device flow), or check an API key, and save it as a context',
    )
    .option('--api-key <key>', 'the API key (sk-...); default $PLATFORM_API_KEY')
    .option('--browser', 'sign in through the browser even when PLATFORM_API_KEY is set')
    .option('--device', 'the same as --browser: approve a code on another device')
    .option('--url <url>', `the management API URL (default $PLATFORM_API_URL or ${defaultApiUrl})`)
    .option('--chat-url <url>', 'the Chat API URL, for platform chat (default $PLATFORM_CHAT_URL)')
    .option('--context <name>', 'save under this name (default: the current context, or "default")')
    .addOption(new Option('--auth-scheme <scheme>', 'force the Authorization scheme').choices(authSchemes))
    .option('--json', 'print the verified identity as JSON')
    .action(async (options: LoginOptions) => {
      const { environment } = context.runtime;
      const isBrowserSignIn = options.browser === true || options.device === true;
      if (isBrowserSignIn && options.apiKey)
        throw new UsageError('give either --api-key or --browser, not both');
      const givenKey = isBrowserSignIn
        ? undefined
        : options.apiKey?.trim() || environment.PLATFORM_API_KEY?.trim();
      const config = await context.readConfig();
      const name = options.context ?? config.currentContext ?? 'default';
      const existing = config.contexts[name];
      let apiUrl = (options.url ?? environment.PLATFORM_API_URL ?? existing?.apiUrl ?? defaultApiUrl).replace(
        /\/+$/,
        '',
      );
      let apiKey: string;
      let refreshToken: string | null = null;
      if (givenKey) apiKey = givenKey;
      else {
        const tokens = await signInThroughBrowser(context, apiUrl);
        apiKey = tokens.accessToken;
        refreshToken = tokens.refreshToken;
        // The server names its own public address, which the context keeps.
        apiUrl = tokens.tenantUrl?.replace(/\/+$/, '') ?? apiUrl;
      }
      const authScheme = givenKey
        ? (options.authScheme ?? authSchemeFromEnvironment(environment) ?? undefined)
        : undefined;
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
        ...(refreshToken ? { refreshToken } : {}),
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
