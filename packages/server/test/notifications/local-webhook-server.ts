import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: Buffer;
  path: string;
}

export interface LocalWebhookServer {
  url: string;
  received: ReceivedWebhook[];
  /** The statuses of the next answers, in order; 200 once they are used up. */
  answerWith(statuses: number[]): void;
  /** Holds the next requests open (until release), as a receiver that is slow to answer. */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

/** A real HTTP server on a free local port that records each webhook and answers as told. */
export async function startLocalWebhookServer(): Promise<LocalWebhookServer> {
  const received: ReceivedWebhook[] = [];
  let statuses: number[] = [];
  let isHolding = false;
  const held: Array<() => void> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks), path: request.url ?? '' });
      const answer = () => {
        const status = statuses.shift() ?? 200;
        response
          .writeHead(status, { 'content-type': 'text/plain' })
          .end(status >= 400 ? 'receiver refused' : 'ok');
      };
      if (isHolding) held.push(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerWith(next) {
      statuses = [...next];
    },
    hold() {
      isHolding = true;
    },
    release() {
      isHolding = false;
      for (const answer of held.splice(0)) answer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
