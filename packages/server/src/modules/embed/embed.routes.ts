import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { EmbedPlatformTokensService } from './embed-platform-tokens.service.js';
import type { EmbedSessionsService } from './embed-sessions.service.js';
import type { EmbedTokenExchangeService } from './embed-token-exchange.service.js';

type EmbedSessionOperations = Pick<
  Operations,
  'generateEmbedSession' | 'exchangeEmbedSessionToken' | 'exchangeEmbedPlatformToken'
>;

/** Sessions and the tokens they become. */
export function embedSessionRoutes(services: {
  embedSessions: EmbedSessionsService;
  embedTokenExchange: EmbedTokenExchangeService;
  embedPlatformTokens: EmbedPlatformTokensService;
}): OperationHandlers<EmbedSessionOperations> {
  const { embedSessions, embedTokenExchange, embedPlatformTokens } = services;
  return {
    generateEmbedSession: ({ body, context }) => embedSessions.generate(context.principal, body),
    exchangeEmbedSessionToken: ({ body }) => embedTokenExchange.exchange(body.sessionId),
    exchangeEmbedPlatformToken: ({ body }) => embedPlatformTokens.exchange(body),
  };
}
