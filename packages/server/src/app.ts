import { chatOperations, operations } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from './container.js';
import { createHttpServer } from './http/create-http-server.js';
import { writeManagementError } from './http/error-body.js';
import { registerSurface } from './http/register-surface.js';
import { anonymousRequest, webhookRequest } from './http/webhook-request.js';
import { agentsRoutes } from './modules/agents/agents.routes.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { writeChatError } from './modules/chat/chat-error-body.js';
import { chatRequestCredentials } from './modules/chat/chat-request-credentials.js';
import { dataModelRoutes } from './modules/data-model/data-model.routes.js';
import { dbtSyncRoutes } from './modules/dbt-sync/dbt-sync.routes.js';
import { deploymentsRoutes } from './modules/deployments/deployments.routes.js';
import { environmentsRoutes } from './modules/environments/environments.routes.js';
import { apiKeysRoutes } from './modules/identity/api-keys.routes.js';
import { managementAuthentication } from './modules/identity/management-authentication.js';
import { userAttributesRoutes } from './modules/identity/user-attributes.routes.js';
import { usersRoutes } from './modules/identity/users.routes.js';
import { dataApiAuthentication } from './modules/semantic/data-api-authentication.js';
import { semanticRoutes } from './modules/semantic/semantic.routes.js';
import { chatSpecRoutes, systemRoutes } from './modules/system/system.routes.js';
import type { OperationHandlers } from './operation-contexts.js';

/** Every operation of the contract mapped to its module's handler; leaving one out does not compile. */
function handlersOf(container: Container): OperationHandlers<typeof operations> {
  return {
    ...systemRoutes(container.openApi),
    ...usersRoutes(container.users),
    ...apiKeysRoutes(container.apiKeys),
    ...deploymentsRoutes(container),
    ...dataModelRoutes(container),
    ...dbtSyncRoutes(container),
    ...semanticRoutes(container),
    ...environmentsRoutes(container),
    ...agentsRoutes(container),
    ...userAttributesRoutes(container.userAttributes),
  };
}

/** The management and build API. Builds the app without listening, so tests drive it in-process. */
export function buildApp(container: Container): FastifyInstance {
  const app = createHttpServer({
    logger: container.logger,
    bodyLimitBytes: container.config.bodyLimitBytes,
    readinessChecks: container.readinessChecks,
    acceptsMultipart: true,
  });
  registerSurface(app, operations, handlersOf(container), {
    authentication: {
      management: managementAuthentication(container.credentials, container.authorization),
      dataApi: dataApiAuthentication(container.dataApiCredentials),
      webhook: webhookRequest,
    },
    writeError: writeManagementError,
    bodyLimitBytes: container.config.bodyLimitBytes,
    rawBodySchemes: ['webhook'],
  });
  return app;
}

/**
 * The Chat API listener (`PLATFORM_AI_PORT`): the chat operations, its own OpenAPI document, health probes,
 * a JSON 404 for the rest.
 */
export function buildChatApp(container: Container): FastifyInstance {
  const app = createHttpServer({
    logger: container.logger.child({ listener: 'chat' }),
    bodyLimitBytes: container.config.bodyLimitBytes,
    readinessChecks: container.readinessChecks,
  });
  const handlers: OperationHandlers<typeof chatOperations> = {
    ...chatRoutes(container.chatRequests),
    ...chatSpecRoutes(container.chatOpenApi),
  };
  registerSurface(app, chatOperations, handlers, {
    authentication: { chat: chatRequestCredentials, none: anonymousRequest },
    writeError: writeChatError,
    bodyLimitBytes: container.config.bodyLimitBytes,
    // API-NOTES.md "Chat API": the stream is `application/json`, one object per line, flushed as produced.
    streamContentType: 'application/json; charset=utf-8',
  });
  return app;
}
