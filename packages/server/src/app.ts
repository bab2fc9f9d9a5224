import { chatOperations, type OperationDefinition, operations } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from './container.js';
import { createHttpServer } from './http/create-http-server.js';
import type { OperationHandler, OperationHandlers } from './http/operation-handler.js';
import { registerChatOperations } from './http/register-chat-operations.js';
import { registerOperations } from './http/register-operations.js';

/** Every operation of the contract mapped to its module's handler; leaving one out does not compile. */
function handlersOf(container: Container): OperationHandlers<typeof operations> {
  const { modules } = container;
  return {
    getOpenApiSpec: modules.system.handlers.getOpenApiSpec,
    ...modules.identity.handlers,
    ...modules.deployments.handlers,
    ...modules.dataModel.handlers,
    ...modules.dbtSync.handlers,
    ...modules.dataApi.handlers,
    ...modules.environments.handlers,
    ...modules.agents.handlers,
  };
}

/** The management and build API. Builds the app without listening, so tests drive it in-process. */
export function buildApp(container: Container): FastifyInstance {
  const app = createHttpServer({
    logger: container.logger,
    bodyLimitBytes: container.config.bodyLimitBytes,
    checkReadiness: () => container.platform.store.ping(),
    acceptsMultipart: true,
  });
  registerOperations(
    app,
    operations as unknown as Record<string, OperationDefinition>,
    handlersOf(container) as unknown as Record<string, OperationHandler<OperationDefinition>>,
    {
      credentials: container.services.credentials,
      authorization: container.services.authorization,
      dataApiCredentials: container.services.dataApiCredentials,
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
    checkReadiness: () => container.platform.store.ping(),
  });
  const handlers: OperationHandlers<typeof chatOperations> = {
    ...container.modules.chat.handlers,
    getChatOpenApiSpec: container.modules.system.handlers.getChatOpenApiSpec,
  };
  registerChatOperations(
    app,
    chatOperations as unknown as Record<string, OperationDefinition>,
    handlers as unknown as Record<string, OperationHandler<OperationDefinition>>,
    { bodyLimitBytes: container.config.bodyLimitBytes },
  );
  return app;
}

/** A `worker` process's listener on PLATFORM_PORT: only the health probes, for the orchestrator. */
export function buildHealthApp(container: Container): FastifyInstance {
  return createHttpServer({
    logger: container.logger.child({ listener: 'health' }),
    bodyLimitBytes: container.config.bodyLimitBytes,
    checkReadiness: () => container.platform.store.ping(),
  });
}
