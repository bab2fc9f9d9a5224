import { type AuthScheme, isAuthScheme } from '../client/auth-scheme.js';
import { UsageError } from '../program/cli-errors.js';
import type { CliConfig } from './config-store.js';

export const defaultApiUrl = 'http://127.0.0.1:4000';

export interface Connection {
  apiUrl: string;
  apiKey: string | null;
  authScheme: AuthScheme | null;
  /** The saved context the values came from, if any (environment variables may still override it). */
  contextName: string | null;
  /** The context's refresh token, when its saved access token is the credential in use. */
  refreshToken: string | null;
}

export function authSchemeFromEnvironment(environment: NodeJS.ProcessEnv): AuthScheme | null {
  const raw = environment.PLATFORM_AUTH_SCHEME?.trim().toLowerCase();
  if (!raw) return null;
  if (!isAuthScheme(raw))
    throw new UsageError(`PLATFORM_AUTH_SCHEME must be bearer or api-key, got "${raw}"`);
  return raw;
}

/** Environment variables win over the chosen context, which wins over the defaults. */
export function resolveConnection(
  config: CliConfig,
  environment: NodeJS.ProcessEnv,
  requestedContext: string | undefined,
): Connection {
  const contextName = requestedContext ?? config.currentContext;
  const context = contextName ? config.contexts[contextName] : undefined;
  if (requestedContext && !context) {
    throw new UsageError(
      `no context named "${requestedContext}"; run platform login --context ${requestedContext} --api-key <key>`,
    );
  }
  const environmentKey = environment.PLATFORM_API_KEY?.trim();
  return {
    apiUrl: environment.PLATFORM_API_URL?.trim() || context?.apiUrl || defaultApiUrl,
    apiKey: environmentKey || context?.apiKey || null,
    authScheme: authSchemeFromEnvironment(environment) ?? context?.authScheme ?? null,
    contextName: context ? (contextName ?? null) : null,
    refreshToken: environmentKey ? null : (context?.refreshToken ?? null),
  };
}
