import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../errors/app-error.js';

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Compares in constant time, so the secret cannot be guessed byte by byte from response times. */
function equalSecrets(expected: string, received: string): boolean {
  const left = Buffer.from(expected);
  const right = Buffer.from(received);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A webhook delivery is genuine when it carries the shared secret the way its host sends it: GitHub and
 * Gitea sign the raw body (`X-Hub-Signature-256: sha256=<hex HMAC-SHA256>`), GitLab sends the secret
 * itself (`X-Gitlab-Token`). Anything else is a 401 that says which header was expected.
 */
export function verifyWebhookDelivery(secret: string, delivery: { rawBody: Buffer; headers: Headers }): void {
  const signature = header(delivery.headers, 'x-hub-signature-256');
  if (signature !== undefined) {
    const expected = `sha256=${createHmac('sha256', secret).update(delivery.rawBody).digest('hex')}`;
    if (equalSecrets(expected, signature.trim().toLowerCase())) return;
    throw new AppError('UNAUTHORIZED', 'the X-Hub-Signature-256 signature does not match the webhook secret');
  }
  const token = header(delivery.headers, 'x-gitlab-token');
  if (token !== undefined) {
    if (equalSecrets(secret, token)) return;
    throw new AppError('UNAUTHORIZED', 'the X-Gitlab-Token does not match the webhook secret');
  }
  throw new AppError(
    'UNAUTHORIZED',
    'a webhook delivery must be signed: X-Hub-Signature-256 (HMAC-SHA256 of the body) or X-Gitlab-Token',
  );
}
