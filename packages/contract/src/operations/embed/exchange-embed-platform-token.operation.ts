import { EmbedToken, ExchangeEmbedPlatformTokenInput } from '../../schemas/embed.schema.js';
import { defineOperation } from '../operation.js';

export const exchangeEmbedPlatformToken = defineOperation({
  operationId: 'exchangeEmbedPlatformToken',
  method: 'POST',
  path: '/api/v1/embed/platform-token',
  tag: 'Embed',
  summary: "Exchange your application's own JWT for an embed token (no credential)",
  description:
    "For deployments that enabled their own authentication for chat and embedding (the deployment's chat-auth settings: secret, JWKS or custom check). " +
    "Name the deployment by `deploymentId` or by its dashboard (`dashboardPublicId`). The token is checked like the Chat API's platform token (401 when it is not valid, or the deployment has not enabled its own token auth). " +
    'Claims: `externalId` (else `sub`), `email`, `groups`, and optionally `embedTenantName` (a string) and `tenantGroups` (names) placing the user in an embed tenant; every other claim is the security context. ' +
    'The chat panel shows when `scope` includes `chat`, or, without a `scope` claim, as the tenant setting `appConfig.embedding.showDashboardChat` says. ' +
    "The user is provisioned as an ephemeral external user; the embed token lives 24 hours, or until the JWT's own `exp` when that is sooner. 403 when embedding is disabled.",
  action: null,
  authScheme: 'none',
  body: ExchangeEmbedPlatformTokenInput,
  response: EmbedToken,
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});
