import {
  apiVersion,
  buildChatOpenApiDocument,
  buildOpenApiDocument,
  chatOperations,
  operations,
} from '@platform/contract';
import type { Platform } from '../../platform/platform.js';
import type { PlatformModule } from '../platform-module.js';
import { OpenApiService } from './openapi.service.js';
import { chatSpecRoutes, systemRoutes } from './system.routes.js';

/** The OpenAPI documents of both listeners, each built from the contract with its listener's public URL. */
export function createSystemModule(platform: Pick<Platform, 'config'>) {
  const { config } = platform;
  const openApi = new OpenApiService(() =>
    buildOpenApiDocument(Object.values(operations), { version: apiVersion, serverUrl: config.publicUrl }),
  );
  const chatOpenApi = new OpenApiService(() =>
    buildChatOpenApiDocument(Object.values(chatOperations), {
      version: apiVersion,
      serverUrl: config.chatPublicUrl,
    }),
  );
  return {
    services: { openApi, chatOpenApi },
    handlers: { ...systemRoutes(openApi), ...chatSpecRoutes(chatOpenApi) },
  } satisfies PlatformModule<unknown, unknown>;
}

export type SystemModule = ReturnType<typeof createSystemModule>;
