import { chatOperations, operations } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from './container.js';
import { createHttpServer } from './http/create-http-server.js';
import { allowCrossOriginCalls } from './http/cross-origin.js';
import { writeManagementError } from './http/error-body.js';
import { registerSurface } from './http/register-surface.js';
import { registerSignInEndpoints } from './http/sign-in-endpoints.js';
import { registerWebPages } from './http/web-pages.js';
import { anonymousRequest, webhookRequest } from './http/webhook-request.js';
import { writeChatError } from './modules/chat/chat-error-body.js';
import { chatRequestCredentials } from './modules/chat/chat-request-credentials.js';
import { dataApiAuthentication } from './modules/data-api/data-api-authentication.js';
import { embedAuthentication } from './modules/embed/embed-authentication.js';
import { managementAuthentication, webSignInRequest } from './modules/identity/management-authentication.js';
import { webSessionTokenOf } from './modules/identity/web-session-cookie.js';
import { scimAuthentication } from './modules/scim/scim-authentication.js';
import { writeScimError } from './modules/scim/scim-error-body.js';
import type { OperationHandlers } from './operation-contexts.js';

/** Every operation of the contract mapped to its module's handler; leaving one out does not compile. */
function handlersOf(container: Container): OperationHandlers<typeof operations> {
  const { modules } = container;
  return {
    getOpenApiSpec: modules.system.handlers.getOpenApiSpec,
    ...modules.identity.handlers,
    ...modules.integrations.handlers,
    ...modules.deployments.handlers,
    ...modules.workloadIdentity.handlers,
    ...modules.dataModel.handlers,
    ...modules.dbtSync.handlers,
    ...modules.dataApi.handlers,
    ...modules.environments.handlers,
    ...modules.agents.handlers,
    ...modules.workspace.handlers,
    ...modules.dashboards.handlers,
    ...modules.embed.handlers,
    ...modules.notifications.handlers,
    ...modules.scim.handlers,
    ...modules.github.handlers,
  };
}

/** The management and build API. Builds the app without listening, so tests drive it in-process. */
export function buildApp(container: Container): FastifyInstance {
  const { services } = container;
  const management = managementAuthentication(
    services.credentials,
    services.authorization,
    services.webSessions,
  );
  const app = createHttpServer({
    logger: container.logger,
    bodyLimitBytes: container.config.bodyLimitBytes,
    readinessChecks: container.readinessChecks,
    acceptsMultipart: true,
    trustProxy: container.config.trustProxy,
  });
  registerSurface(app, operations, handlersOf(container), {
    authentication: {
      management: managementAuthentication(
        services.credentials,
        services.authorization,
        services.webSessions,
      ),
      dataApi: dataApiAuthentication(services.dataApiCredentials, services.webSessions),
      webhook: webhookRequest,
      none: webSignInRequest,
      scim: scimAuthentication(services.credentials, services.authorization),
      embed: embedAuthentication(management, services.embedViewers, services.notificationRenderTokens),
    },
    writeError: writeManagementError,
    schemeErrorWriters: { scim: writeScimError },
    bodyLimitBytes: container.config.bodyLimitBytes,
    rawBodySchemes: ['webhook'],
  });
  registerSignInEndpoints(app, services.signInEndpoints, { bodyLimitBytes: container.config.bodyLimitBytes });
  registerWebPages(app, {
    directory: container.config.webDirectory,
    hasSession: (cookieHeader) => services.webSessions.isSignedIn(webSessionTokenOf(cookieHeader)),
    embedPagePolicy: (publicId) => services.embedPagePolicy.policyOf(publicId),
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
  // The embed page (the management listener's origin) and customers' own pages call the Chat API from a
  // browser; its credentials are headers (no cookies), so any origin may.
  allowCrossOriginCalls(app, {
    allowHeaders: ['content-type', 'authorization', 'x-platform-auth-token'],
    exposeHeaders: ['x-request-id'],
  });
  const handlers: OperationHandlers<typeof chatOperations> = {
    ...container.modules.chat.handlers,
    getChatOpenApiSpec: container.modules.system.handlers.getChatOpenApiSpec,
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

/** A `worker` process's listener on PLATFORM_PORT: only the health probes, for the orchestrator. */
export function buildHealthApp(container: Container): FastifyInstance {
  return createHttpServer({
    logger: container.logger.child({ listener: 'health' }),
    bodyLimitBytes: container.config.bodyLimitBytes,
    readinessChecks: container.readinessChecks,
  });
}
