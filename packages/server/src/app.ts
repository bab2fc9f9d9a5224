import { chatOperations, type OperationDefinition, operations } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from './container.js';
import { createHttpServer } from './http/create-http-server.js';
import type { OperationHandler, OperationHandlers } from './http/operation-handler.js';
import { registerChatOperations } from './http/register-chat-operations.js';
import { registerOperations } from './http/register-operations.js';
import { agentsRoutes } from './modules/agents/agents.routes.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { dataModelRoutes } from './modules/data-model/data-model.routes.js';
import { dbtSyncRoutes } from './modules/dbt-sync/dbt-sync.routes.js';
import { deploymentsRoutes } from './modules/deployments/deployments.routes.js';
import { environmentsRoutes } from './modules/environments/environments.routes.js';
import { apiKeysRoutes } from './modules/identity/api-keys.routes.js';
import { userAttributesRoutes } from './modules/identity/user-attributes.routes.js';
import { usersRoutes } from './modules/identity/users.routes.js';
import { semanticRoutes } from './modules/semantic/semantic.routes.js';
import { chatSpecRoutes, systemRoutes } from './modules/system/system.routes.js';

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
  registerOperations(
    app,
    operations as unknown as Record<string, OperationDefinition>,
    handlersOf(container) as unknown as Record<string, OperationHandler<OperationDefinition>>,
    {
      credentials: container.credentials,
      authorization: container.authorization,
      dataApiCredentials: container.dataApiCredentials,
      bodyLimitBytes: container.config.bodyLimitBytes,
    },
  );
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
  registerChatOperations(
    app,
    chatOperations as unknown as Record<string, OperationDefinition>,
    handlers as unknown as Record<string, OperationHandler<OperationDefinition>>,
    { bodyLimitBytes: container.config.bodyLimitBytes },
  );
  return app;
}
