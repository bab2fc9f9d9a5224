import { createHash, randomBytes } from 'node:crypto';

export const apiKeyPattern = /^sk-[A-Za-z0-9_-]{16,200}$/;

export function generateApiKeyToken(): string {
  return `sk-${randomBytes(32).toString('base64url')}`;
}

/** Keys carry 256 random bits, so a fast hash is enough; a slow KDF would only tax every cache miss. */
export function hashApiKeyToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** What lists show to tell keys apart: the scheme and the first characters, never enough to use. */
export function apiKeyTokenPrefix(token: string): string {
  return token.slice(0, 10);
}
