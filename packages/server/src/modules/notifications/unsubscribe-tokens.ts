import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { AppError } from '../../errors/app-error.js';

/** The unsubscribe links' key, derived from the server's secret key under its own label. */
export function deriveUnsubscribeKey(secretKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'platform', 'notification unsubscribe v1', 32));
}

const UnsubscribeClaims = z.object({ notificationId: z.int(), recipientKey: z.string() });
export type UnsubscribeClaims = z.infer<typeof UnsubscribeClaims>;

/**
 * The token in a recipient's unsubscribe link: the notification and the recipient, signed (HMAC-SHA256).
 * It does not expire: a mail read months later still unsubscribes, and it can only remove that recipient.
 */
export class UnsubscribeTokens {
  constructor(private readonly key: Buffer) {}

  sign(claims: UnsubscribeClaims): string {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  verify(token: string): UnsubscribeClaims {
    const [payload, mac, ...rest] = token.split('.');
    const invalid = new AppError('BAD_REQUEST', 'token: not an unsubscribe link this server made');
    if (!payload || !mac || rest.length > 0) throw invalid;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid;
    const parsed = UnsubscribeClaims.safeParse(
      JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
    );
    if (!parsed.success) throw invalid;
    return parsed.data;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
