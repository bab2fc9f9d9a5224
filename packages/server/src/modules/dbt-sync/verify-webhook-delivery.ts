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

/** One message for every refused signature, so a caller learns nothing of what the server holds. */
export const unverifiedDeliveryMessage =
  "the delivery's signature does not match the webhook secret of this deployment's dbt repository";

/**
 * A webhook delivery is genuine when it carries the shared secret the way its host sends it: GitHub and
 * Gitea sign the raw body (`X-Hub-Signature-256: sha256=<hex HMAC-SHA256>`), GitLab sends the secret
 * itself (`X-Gitlab-Token`). `secret` is null when the deployment has no repository or no secret: such a
 * delivery is refused exactly like a wrong signature, so unauthenticated callers cannot tell which
 * deployments have a dbt repository.
 */
export function verifyWebhookDelivery(
  secret: string | null,
  delivery: { rawBody: Buffer; headers: Headers },
): void {
  const signature = header(delivery.headers, 'x-hub-signature-256');
  const token = header(delivery.headers, 'x-gitlab-token');
  if (signature === undefined && token === undefined) {
    throw new AppError(
      'UNAUTHORIZED',
      'a webhook delivery must be signed: X-Hub-Signature-256 (HMAC-SHA256 of the body) or X-Gitlab-Token',
    );
  }
  if (secret !== null) {
    if (signature !== undefined) {
      const expected = `sha256=${createHmac('sha256', secret).update(delivery.rawBody).digest('hex')}`;
      if (equalSecrets(expected, signature.trim().toLowerCase())) return;
    } else if (token !== undefined && equalSecrets(secret, token)) {
      return;
    }
  }
  throw new AppError('UNAUTHORIZED', unverifiedDeliveryMessage);
}
