import { createHmac } from 'node:crypto';
import { type LookupAddress, lookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { redactUrlCredentials } from '../../platform/crypto/url-credentials.js';
import { DeliveryFailure } from './delivery-failure.js';
import { isRefusedWebhookAddress } from './webhook-address-rule.js';

export interface WebhookRequest {
  /** The whole URL, credentials included (opened from its sealed form). */
  url: string;
  /** The notification's signing secret. */
  secret: string;
  deliveryId: number;
  body: unknown;
}

const defaultTimeoutMilliseconds = 10_000;
// Enough of an error answer to say what went wrong, never a large body kept in the history.
const maximumErrorExcerpt = 200;

/** `sha256=<hex HMAC-SHA256 of the exact body>`: what a receiver recomputes to trust the body. */
export function webhookSignatureOf(body: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Resolves as usual, then refuses link-local addresses: the check is on the address actually dialled. */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    const list = addresses as LookupAddress[];
    const refused = list.find((entry) => isRefusedWebhookAddress(entry.address));
    if (refused) {
      callback(
        new DeliveryFailure(
          `the webhook host ${hostname} resolves to ${refused.address}, a link-local address webhooks may not reach`,
          false,
        ),
        '',
        0,
      );
      return;
    }
    if (options.all) callback(null, list);
    else {
      const first = list[0];
      if (!first) callback(new Error(`${hostname} has no address`), '', 0);
      else callback(null, first.address, first.family);
    }
  });
};

/**
 * Webhooks: a JSON POST signed with `X-Platform-Signature` under the notification's secret, naming the
 * delivery in `X-Platform-Delivery`. 2xx is delivered; 5xx, a timeout or a network error may be retried;
 * any other status is final (the receiver refused it; redirects are not followed).
 */
export class WebhookChannel {
  constructor(private readonly timeoutMilliseconds = defaultTimeoutMilliseconds) {}

  async send(webhook: WebhookRequest, signal: AbortSignal): Promise<void> {
    const url = new URL(webhook.url);
    // An address written in the URL is dialled without a lookup: it is checked here instead.
    const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(literal) !== 0 && isRefusedWebhookAddress(literal)) {
      throw new DeliveryFailure(
        `the webhook address ${literal} is a link-local address webhooks may not reach`,
        false,
      );
    }
    const body = Buffer.from(JSON.stringify(webhook.body));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'content-length': String(body.length),
      'user-agent': 'platform-notifications',
      'x-platform-signature': webhookSignatureOf(body, webhook.secret),
      'x-platform-delivery': String(webhook.deliveryId),
    };
    // Credentials in the URL go out as Basic authorization (Node's request does that from the URL).
    const shown = redactUrlCredentials(`${url.origin}${url.pathname}`);
    const status = await new Promise<{ code: number; excerpt: string }>((resolve, reject) => {
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const outgoing = send(
        url,
        {
          method: 'POST',
          headers,
          lookup: checkedLookup,
          signal: AbortSignal.any([signal, AbortSignal.timeout(this.timeoutMilliseconds)]),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            if (size < maximumErrorExcerpt) chunks.push(chunk);
            size += chunk.length;
          });
          response.on('end', () =>
            resolve({
              code: response.statusCode ?? 0,
              excerpt: Buffer.concat(chunks).toString('utf8').slice(0, maximumErrorExcerpt),
            }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    }).catch((error: unknown) => {
      if (error instanceof DeliveryFailure) throw error;
      if (signal.aborted) throw signal.reason;
      const reason =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
          ? `no answer within ${this.timeoutMilliseconds / 1000} s`
          : error instanceof Error
            ? error.message
            : String(error);
      throw new DeliveryFailure(`the webhook ${shown} could not be reached: ${reason}`, true);
    });
    if (status.code >= 200 && status.code < 300) return;
    const excerpt = status.excerpt.trim() ? `: ${status.excerpt.trim()}` : '';
    throw new DeliveryFailure(`the webhook ${shown} answered ${status.code}${excerpt}`, status.code >= 500);
  }
}
