import { ApiError } from '../api/api-client.js';
import { platformApi } from '../api/platform-api.js';

/** What an app may ask the page (docs/dashboards-app.md). */
export interface AppQueryMessage {
  type: 'platform.query';
  requestId: string;
  query: Record<string, unknown>;
}

/** What the page answers. */
export type AppReplyMessage =
  | { type: 'platform.result'; requestId: string; result: unknown }
  | { type: 'platform.error'; requestId: string; error: { status: number; code: string; message: string } };

const maximumRequestIdLength = 200;
const maximumQueryCharacters = 100_000;
/** An app runs at most this many queries at once; more are refused until one ends. */
const maximumRunningQueries = 8;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A message that is a well-formed query request, or null (anything else is ignored). */
export function queryMessageOf(data: unknown): AppQueryMessage | null {
  if (!isRecord(data) || data.type !== 'platform.query') return null;
  const { requestId, query } = data;
  if (typeof requestId !== 'string' || requestId.length === 0 || requestId.length > maximumRequestIdLength)
    return null;
  if (!isRecord(query)) return null;
  return { type: 'platform.query', requestId, query };
}

/**
 * Listens to one app iframe's messages and runs its queries as the viewer through the data API's `load`.
 * Only messages from that frame's window (a sandboxed, opaque-origin document: origin "null") count; the
 * answer goes back to that window only. Once the frame navigates away from the app's document (a second
 * `load`), the bridge stops answering: the window could now be any site.
 */
export function connectAppBridge(
  frame: HTMLIFrameElement,
  deploymentId: number,
  onNavigatedAway: () => void,
): () => void {
  const controller = new AbortController();
  let running = 0;
  let loads = 0;
  let isOpen = true;
  const reply = (message: AppReplyMessage) => {
    if (isOpen) frame.contentWindow?.postMessage(message, '*');
  };
  const onMessage = (event: MessageEvent) => {
    if (!isOpen || event.source !== frame.contentWindow || event.origin !== 'null') return;
    const message = queryMessageOf(event.data);
    if (!message) return;
    const refuse = (status: number, code: string, text: string) =>
      reply({ type: 'platform.error', requestId: message.requestId, error: { status, code, message: text } });
    if (JSON.stringify(message.query).length > maximumQueryCharacters) {
      refuse(400, 'BAD_REQUEST', `a query is at most ${maximumQueryCharacters} characters of JSON`);
      return;
    }
    if (running >= maximumRunningQueries) {
      refuse(429, 'TOO_MANY_REQUESTS', `at most ${maximumRunningQueries} queries run at once`);
      return;
    }
    running += 1;
    platformApi
      .loadQuery(deploymentId, message.query, controller.signal)
      .then(
        (result) => reply({ type: 'platform.result', requestId: message.requestId, result }),
        (error: unknown) => {
          const failure = error instanceof ApiError ? error : new ApiError(0, 'NETWORK', String(error), null);
          refuse(failure.status, failure.code, failure.message);
        },
      )
      .finally(() => {
        running -= 1;
      });
  };
  const onLoad = () => {
    loads += 1;
    if (loads > 1 && isOpen) {
      isOpen = false;
      onNavigatedAway();
    }
  };
  window.addEventListener('message', onMessage);
  frame.addEventListener('load', onLoad);
  return () => {
    isOpen = false;
    controller.abort();
    window.removeEventListener('message', onMessage);
    frame.removeEventListener('load', onLoad);
  };
}
