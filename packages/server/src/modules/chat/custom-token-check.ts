import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { AppError } from '../../errors/app-error.js';

/** The custom check must answer this fast; a slower one rejects the token. */
const answerTimeoutMilliseconds = 2_000;
/** An answer is reused at most this long, and never past the token's own `exp`. */
const longestCacheMilliseconds = 5 * 60_000;
/** Answers kept at most; the oldest goes first, so a flood of distinct tokens cannot grow memory. */
const cacheEntries = 10_000;

type CheckAnswer =
  | { isAccepted: true; claims: Record<string, unknown> }
  | { isAccepted: false; reason: string };

interface CachedAnswer {
  answer: CheckAnswer;
  expiresAt: number;
}

/**
 * A deployment's custom check of platform tokens: the platform POSTs `{token}` to its URL; 200 with
 * `{claims}` accepts the token with those claims, any other answer (or none within 2 s) rejects it.
 * Definite answers are cached until the token's `exp` (read unverified, only to bound the cache), at
 * most 5 minutes; failures to reach the check are not cached, so the next request asks again.
 */
export class CustomTokenCheck {
  private readonly answers = new Map<string, CachedAnswer>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The claims the check vouches for; an UNAUTHORIZED AppError when it refuses or cannot be asked. */
  async claimsOf(token: string, checkUrl: string): Promise<Record<string, unknown>> {
    // why: the key is a digest, so the cache never holds the token (or the check's credentials) in clear.
    const key = createHash('sha256').update(checkUrl).update('\n').update(token).digest('hex');
    const cached = this.answers.get(key);
    const answer =
      cached !== undefined && cached.expiresAt > this.now()
        ? cached.answer
        : await this.ask(token, checkUrl, key);
    if (!answer.isAccepted) throw new AppError('UNAUTHORIZED', answer.reason);
    return answer.claims;
  }

  private async ask(token: string, checkUrl: string, key: string): Promise<CheckAnswer> {
    this.answers.delete(key);
    let response: Response;
    try {
      response = await fetch(requestUrl(checkUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...basicAuthOf(checkUrl) },
        body: JSON.stringify({ token }),
        redirect: 'error',
        signal: AbortSignal.timeout(answerTimeoutMilliseconds),
      });
    } catch (error) {
      const isTimeout = error instanceof Error && error.name === 'TimeoutError';
      throw new AppError(
        'UNAUTHORIZED',
        isTimeout
          ? `the deployment's custom token check did not answer within ${answerTimeoutMilliseconds / 1000} s`
          : "the deployment's custom token check could not be reached",
      );
    }
    const answer = await answerOf(response);
    this.remember(key, answer, token);
    return answer;
  }

  private remember(key: string, answer: CheckAnswer, token: string) {
    const now = this.now();
    const expiresAt = Math.min(now + longestCacheMilliseconds, expiryOf(token) ?? Number.POSITIVE_INFINITY);
    if (expiresAt <= now) return;
    if (this.answers.size >= cacheEntries) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
    this.answers.set(key, { answer, expiresAt });
  }
}

async function answerOf(response: Response): Promise<CheckAnswer> {
  if (response.status !== 200) {
    await response.body?.cancel();
    return {
      isAccepted: false,
      reason: `the deployment's custom token check refused the platform token (HTTP ${response.status})`,
    };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const claims = (body as { claims?: unknown } | null)?.claims;
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    return {
      isAccepted: false,
      reason: "the deployment's custom token check answered 200 without a claims object",
    };
  }
  return { isAccepted: true, claims: claims as Record<string, unknown> };
}

/** The token's `exp` in milliseconds, when it is a JWT that has one; never trusted for anything else. */
function expiryOf(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

// fetch refuses URLs with userinfo: credentials in the check URL travel as Basic authentication instead.
function requestUrl(checkUrl: string): string {
  const url = new URL(checkUrl);
  url.username = '';
  url.password = '';
  return url.toString();
}

function basicAuthOf(checkUrl: string): Record<string, string> {
  const url = new URL(checkUrl);
  if (url.username === '' && url.password === '') return {};
  const userinfo = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return { authorization: `Basic ${Buffer.from(userinfo).toString('base64')}` };
}
