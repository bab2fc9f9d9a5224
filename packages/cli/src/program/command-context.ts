import { ApiClient } from '../client/api-client.js';
import {
  type OAuthClientSettings,
  OAuthError,
  type OAuthTokens,
  oauthSettingsFromEnvironment,
  refreshAccessToken,
} from '../client/oauth-device-flow.js';
import { configDirectoryOf } from '../config/config-directory.js';
import { type CliConfig, readConfig, writeConfig } from '../config/config-store.js';
import { type Connection, resolveConnection } from '../config/resolve-connection.js';
import { CliError, UsageError } from './cli-errors.js';

/** Everything a command touches outside itself, injected so tests run commands in-process. */
export interface CliRuntime {
  environment: NodeJS.ProcessEnv;
  fetch: typeof fetch;
  writeOut: (text: string) => void;
  writeError: (text: string) => void;
  /** The process's terminal, for interactive commands (platform chat); absent when commands run in-process. */
  terminal?: TerminalStreams;
}

export interface TerminalStreams {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  isInputTerminal: boolean;
  isOutputTerminal: boolean;
}

/** The options every command has. */
export interface CommonOptions {
  json?: boolean;
  context?: string;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export class CommandContext {
  readonly runtime: CliRuntime;
  readonly version: string;

  constructor(runtime: CliRuntime, version: string) {
    this.runtime = runtime;
    this.version = version;
  }

  get configDirectory(): string {
    return configDirectoryOf(this.runtime.environment);
  }

  readConfig(): Promise<CliConfig> {
    return readConfig(this.configDirectory);
  }

  writeConfig(config: CliConfig): Promise<string> {
    return writeConfig(this.configDirectory, config);
  }

  async connection(options: CommonOptions): Promise<Connection> {
    return resolveConnection(await this.readConfig(), this.runtime.environment, options.context);
  }

  clientFor(
    connection: Pick<Connection, 'apiUrl' | 'apiKey' | 'authScheme'> &
      Partial<Pick<Connection, 'refreshToken' | 'contextName'>>,
  ): ApiClient {
    if (!isHttpUrl(connection.apiUrl)) {
      throw new UsageError(`the API URL "${connection.apiUrl}" is not an http:// or https:// URL`);
    }
    const { refreshToken, contextName } = connection;
    return new ApiClient({
      apiUrl: connection.apiUrl,
      apiKey: connection.apiKey,
      authScheme: connection.authScheme,
      userAgent: this.userAgent,
      fetch: this.runtime.fetch,
      ...(refreshToken && contextName
        ? { refreshCredential: () => this.refreshContext(connection.apiUrl, contextName, refreshToken) }
        : {}),
    });
  }

  get userAgent(): string {
    return `platform-cli/${this.version}`;
  }

  /** The settings of the OAuth client the CLI is (device sign-in, token refresh) for a server. */
  oauthSettings(apiUrl: string): OAuthClientSettings {
    return {
      apiUrl,
      ...oauthSettingsFromEnvironment(this.runtime.environment),
      userAgent: this.userAgent,
      fetch: this.runtime.fetch,
    };
  }

  /**
   * A context's access token renewed with its refresh token (which the server rotates), both saved; null
   * when the server refuses (the sign-in ended): the 401 then says to sign in again.
   */
  private async refreshContext(
    apiUrl: string,
    contextName: string,
    refreshToken: string,
  ): Promise<string | null> {
    let tokens: OAuthTokens;
    try {
      tokens = await refreshAccessToken(this.oauthSettings(apiUrl), refreshToken);
    } catch (error) {
      if (error instanceof OAuthError) return null;
      throw error;
    }
    const config = await this.readConfig();
    const saved = config.contexts[contextName];
    if (saved) {
      const { refreshToken: _spent, ...rest } = saved;
      await this.writeConfig({
        ...config,
        contexts: {
          ...config.contexts,
          [contextName]: {
            ...rest,
            apiKey: tokens.accessToken,
            ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
          },
        },
      });
    }
    return tokens.accessToken;
  }

  /** A client for the chosen context; without a key the server would only answer 401, so say what to do instead. */
  async client(options: CommonOptions, { isKeyRequired = true } = {}): Promise<ApiClient> {
    const connection = await this.connection(options);
    if (isKeyRequired && !connection.apiKey) {
      throw new CliError('not logged in: run platform login (or --api-key <key>), or set PLATFORM_API_KEY');
    }
    return this.clientFor(connection);
  }

  print(text: string): void {
    this.runtime.writeOut(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** Notes for a person (hints, warnings) go to stderr, so stdout stays clean for pipes. */
  note(text: string): void {
    this.runtime.writeError(text.endsWith('\n') ? text : `${text}\n`);
  }

  printJson(value: unknown): void {
    this.print(value === undefined ? 'null' : JSON.stringify(value, null, 2));
  }

  /** `--json` prints the response as the server sent it; otherwise a human rendering of it. */
  render<Value>(options: CommonOptions, value: Value, human: (value: Value) => string): void {
    if (options.json) this.printJson(value);
    else this.print(human(value));
  }
}
