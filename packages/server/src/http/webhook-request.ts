import type { Authenticate } from './surface.js';

/** A webhook carries no credential: its handler verifies the shared secret over the exact bytes sent. */
export interface WebhookContext {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** The `webhook` scheme: hands the handler the bytes and headers its signature check needs. */
export const webhookRequest: Authenticate<WebhookContext> = (request) => ({
  rawBody: request.rawBody ?? Buffer.alloc(0),
  headers: request.headers,
});

/** The `none` scheme: an operation that answers anyone is told nothing about the caller. */
export const anonymousRequest: Authenticate<Record<never, never>> = () => ({});
