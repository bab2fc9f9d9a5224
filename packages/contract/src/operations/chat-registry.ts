import { abortChat } from './chat/abort-chat.operation.js';
import { abortDeploymentChat } from './chat/abort-deployment-chat.operation.js';
import { getChatOpenApiSpec } from './chat/get-chat-openapi-spec.operation.js';
import { streamChatState } from './chat/stream-chat-state.operation.js';
import { streamDeploymentChatState } from './chat/stream-deployment-chat-state.operation.js';

/**
 * The Chat API's operations. They are served on the chat listener (`PLATFORM_AI_PORT`), not the management
 * one, so they live apart from `operations`: the management security suite and OpenAPI document iterate
 * that registry only. The chat listener describes these in its own document (`getChatOpenApiSpec`).
 */
export const chatOperations = {
  streamChatState,
  streamDeploymentChatState,
  abortChat,
  abortDeploymentChat,
  getChatOpenApiSpec,
} as const;

export type ChatOperations = typeof chatOperations;
export type ChatOperationId = keyof ChatOperations;
