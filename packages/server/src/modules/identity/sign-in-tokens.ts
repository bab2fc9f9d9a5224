import { createHash, randomBytes } from 'node:crypto';

/** OAuth access tokens (`Authorization: Bearer`); not `sk-`, so clients send them with the Bearer scheme. */
export const accessTokenPattern = /^oat-[A-Za-z0-9_-]{43}$/;
export const refreshTokenPattern = /^ort-[A-Za-z0-9_-]{43}$/;

export function generateSignInToken(prefix: 'oat' | 'ort' | 'dc' | 'sso'): string {
  return `${prefix}-${randomBytes(32).toString('base64url')}`;
}

/** The tokens carry 256 random bits, so a fast hash is enough (as for API keys). */
export function hashSignInToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
