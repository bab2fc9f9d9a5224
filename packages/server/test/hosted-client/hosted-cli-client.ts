import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestServer } from '../support/test-server.js';

/** What the hosted CLI puts on every request (its client.rs): the scheme an `sk-` key gets, its agent. */
export const hostedUserAgent = 'platform-cli/0.3.0';

export interface HostedAnswer {
  status: number;
  /** Parsed JSON; `null` for an empty body, as the CLI turns it. */
  body: unknown;
  text: string;
}

export interface HostedCall {
  /** Repeated keys stay repeated (`creationStep=a&creationStep=b`), as the CLI sends arrays. */
  query?: ReadonlyArray<readonly [string, string]>;
  body?: unknown;
  multipart?: { payload: Buffer; contentType: string };
  key?: string;
}

/**
 * The hosted CLI's HTTP client over a real socket: `Authorization: Api-Key <key>`, its User-Agent, JSON
 * bodies, and `Content-Length: 0` without a content type on a body-less POST/PUT/PATCH/DELETE.
 */
export interface HostedCliClient {
  baseUrl: string;
  call(method: string, path: string, options?: HostedCall): Promise<HostedAnswer>;
}

export async function listenForHostedCli(server: TestServer): Promise<HostedCliClient> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    call(method, path, options = {}) {
      const search = new URLSearchParams();
      for (const [name, value] of options.query ?? []) search.append(name, value);
      const url = `${baseUrl}${path}${search.size > 0 ? `?${search}` : ''}`;
      const headers: Record<string, string> = {
        authorization: `Api-Key ${options.key ?? server.adminKey}`,
        'user-agent': hostedUserAgent,
        accept: 'application/json',
      };
      let payload: Buffer | null = null;
      if (options.multipart) {
        payload = options.multipart.payload;
        headers['content-type'] = options.multipart.contentType;
      } else if (options.body !== undefined) {
        payload = Buffer.from(JSON.stringify(options.body));
        headers['content-type'] = 'application/json';
      }
      if (payload) headers['content-length'] = String(payload.length);
      else if (method !== 'GET') headers['content-length'] = '0';
      return new Promise((resolve, reject) => {
        const outgoing = httpRequest(url, { method, headers }, (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = null;
            try {
              body = text ? JSON.parse(text) : null;
            } catch {
              body = text;
            }
            resolve({ status: incoming.statusCode ?? 0, body, text });
          });
        });
        outgoing.on('error', reject);
        outgoing.end(payload ?? undefined);
      });
    },
  };
}

/** The list the CLI tabulates: `items`, else `data`, else a bare array (its print_list fallback). */
export function listOfAnswer(answer: HostedAnswer): Array<Record<string, unknown>> {
  const body = answer.body as Record<string, unknown> | unknown[] | null;
  if (Array.isArray(body)) return body as Array<Record<string, unknown>>;
  const list = body?.items ?? body?.data;
  if (!Array.isArray(list)) throw new Error(`no list in ${answer.text.slice(0, 300)}`);
  return list as Array<Record<string, unknown>>;
}
