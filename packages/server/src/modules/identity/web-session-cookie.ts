import type { IncomingHttpHeaders } from 'node:http';
import { webCsrfHeaderName, webSessionCookieName } from '@platform/contract';
import type { OpenedWebSession } from './web-sessions.service.js';

/** The session token in a Cookie header, or null when there is none. */
export function webSessionTokenOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    if (pair.slice(0, separator).trim() === webSessionCookieName)
      return pair.slice(separator + 1).trim() || null;
  }
  return null;
}

/** HTTP-only (no script reads it), SameSite=Lax (no cross-site write carries it), Secure behind HTTPS. */
export function webSessionCookie(session: OpenedWebSession, options: { isSecure: boolean }): string {
  const maxAgeSeconds = Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000));
  return [
    `${webSessionCookieName}=${session.token}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    `Expires=${session.expiresAt.toUTCString()}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.isSecure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedWebSessionCookie(options: { isSecure: boolean }): string {
  return [
    `${webSessionCookieName}=`,
    'Path=/',
    'Max-Age=0',
    'Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    'HttpOnly',
    'SameSite=Lax',
    ...(options.isSecure ? ['Secure'] : []),
  ].join('; ');
}

/** The `Origin` header names this server (the host the request was sent to). */
export function isSameOrigin(headers: IncomingHttpHeaders): boolean {
  const origin = headers.origin;
  if (!origin || !headers.host) return false;
  try {
    const originUrl = new URL(origin);
    // Parsed with the origin's scheme, so a default port written out (`host:80`) compares equal.
    return new URL(`${originUrl.protocol}//${headers.host}`).host === originUrl.host;
  } catch {
    return false;
  }
}

/** A write made with the session cookie came from the pages themselves: the custom header, or our Origin. */
export function isCsrfSafe(headers: IncomingHttpHeaders): boolean {
  return headers[webCsrfHeaderName] === '1' || isSameOrigin(headers);
}
