import type { OperationResult, Operations } from '@platform/contract';
import { formatKeyValues } from '../output/key-values.js';
import { formatTable } from '../output/table.js';

type Integration = OperationResult<Operations['getOAuthIntegration']>;
type UserToken = OperationResult<Operations['getUserOAuthToken']>;

export function formatIntegrations(integrations: readonly Integration[]): string {
  if (integrations.length === 0) return 'no OAuth integrations';
  return formatTable(
    [
      { header: 'ID', value: (integration: Integration) => integration.id },
      { header: 'NAME', value: (integration: Integration) => integration.name },
      { header: 'TYPE', value: (integration: Integration) => integration.type },
      { header: 'CLIENT ID', value: (integration: Integration) => integration.clientId },
    ],
    integrations,
  );
}

export function formatIntegration(integration: Integration): string {
  return formatKeyValues([
    ['id', integration.id],
    ['name', integration.name],
    ['type', integration.type],
    ['client id', integration.clientId],
    ['client secret', integration.clientSecret],
    ['authorization url', integration.authorizationUrl],
    ['token url', integration.tokenUrl],
    ['revocation url', integration.revocationUrl],
    ['scopes', integration.scopes.join(' ')],
    ['redirect uri', integration.redirectUri],
    ['created', integration.createdAt],
    ['updated', integration.updatedAt],
  ]);
}

export function formatUserTokens(tokens: readonly UserToken[]): string {
  if (tokens.length === 0) return 'no connected integrations';
  return formatTable(
    [
      { header: 'ID', value: (token: UserToken) => token.id },
      { header: 'INTEGRATION', value: (token: UserToken) => token.integrationId },
      { header: 'STATUS', value: (token: UserToken) => token.status },
      { header: 'EXPIRES', value: (token: UserToken) => token.accessTokenExpiresAt },
    ],
    tokens,
  );
}

export function formatUserToken(token: UserToken): string {
  return formatKeyValues([
    ['id', token.id],
    ['integration', token.integrationId],
    ['status', token.status],
    ['scopes', token.scopes.join(' ')],
    ['access token expires', token.accessTokenExpiresAt],
    ['connected', token.createdAt],
    ['updated', token.updatedAt],
  ]);
}
