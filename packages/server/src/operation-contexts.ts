import type { OperationDefinition } from '@platform/contract';
import type { OperationHandlers as SurfaceOperationHandlers } from './http/operation-handler.js';
import type { WebhookContext } from './http/webhook-request.js';
import type { ChatRequestContext } from './modules/chat/chat-request-credentials.js';
import type { DataApiRequestContext } from './modules/data-api/data-api-authentication.js';
import type { EmbedRequestContext } from './modules/embed/embed-authentication.js';
import type { ManagementRequestContext } from './modules/identity/management-authentication.js';
import type { ScimRequestContext } from './modules/scim/scim-authentication.js';

/**
 * What each authentication scheme of the contract tells a handler, from the module that owns the scheme.
 * `http/` is generic over this map, so it names no module's types; app.ts supplies the functions.
 */
export interface OperationContexts {
  management: ManagementRequestContext;
  dataApi: DataApiRequestContext;
  chat: ChatRequestContext;
  webhook: WebhookContext;
  none: Record<never, never>;
  scim: ScimRequestContext;
  embed: EmbedRequestContext;
}

/** One handler per operation of the registry, typed by its scheme's context: a missing one does not compile. */
export type OperationHandlers<Operations extends Record<string, OperationDefinition>> =
  SurfaceOperationHandlers<Operations, OperationContexts>;
