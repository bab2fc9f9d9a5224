import type { PlatformServer } from './platform-server.js';

/** One management API call with the server's admin key; a non-2xx answer throws with its body. */
export async function adminCall<Body>(
  server: PlatformServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<Body> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.adminKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as Body;
}
