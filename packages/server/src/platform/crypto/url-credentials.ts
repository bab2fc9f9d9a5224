import { encryptedPlaceholder } from '@platform/contract';
import type { SecretBox } from './secret-box.js';

/**
 * The userinfo of a URL (`scheme://user:password@host`) is a secret wherever the URL goes: a database
 * URL in an environment variable, an LLM base URL, a git remote. This file is the one place that finds
 * it, so storage, reads, logs and error messages all hide the same thing.
 *
 * What is secret: the password, or, when there is no password, the whole user name, since hosts such
 * as GitHub take a token as the user name (`https://<token>@github.com/...`). The user name next to a
 * password is kept, so `postgres://app:[ENCRYPTED]@host/db` still says who connects.
 */

/**
 * `scheme://` (or `scheme:/`, what joining the URL to a file path leaves of it) then the userinfo up to the last `@` before the host ends (`/`, `?`, `#`, whitespace or a
 * quote), so a password with a raw `@` in it is hidden whole. Quotes and backslashes end it too, so a
 * URL inside JSON or a quoted message is found without swallowing what follows.
 */
const urlUserinfoPattern = /\b([a-z][a-z0-9+.-]*:\/\/?)([^\s/?#"'`<>\\]*)@/gi;

/** One URL at the start of a value: its whole authority may hold any character but the path's. */
const leadingUserinfoPattern = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)@/i;

/** The userinfo with its secret replaced; an empty user and password hide nothing. */
function maskUserinfo(userinfo: string, placeholder: string): string {
  const colon = userinfo.indexOf(':');
  if (colon === -1) return userinfo === '' ? userinfo : placeholder;
  if (colon === userinfo.length - 1) return userinfo;
  return `${userinfo.slice(0, colon)}:${placeholder}`;
}

/** Every URL's secret in a text (a message, a log line, a value) replaced by `placeholder`. */
export function redactUrlCredentials(text: string, placeholder = '[REDACTED]'): string {
  if (!text.includes(':/')) return text;
  return text.replace(
    urlUserinfoPattern,
    (_match, scheme: string, userinfo: string) => `${scheme}${maskUserinfo(userinfo, placeholder)}@`,
  );
}

/** What a reader sees: `postgres://app:[ENCRYPTED]@host/db`. */
export function maskUrlCredentials(text: string): string {
  return redactUrlCredentials(text, encryptedPlaceholder);
}

/** True when some URL in the text carries a secret (a password, or a user name standing for a token). */
export function hasUrlCredentials(text: string): boolean {
  return maskUrlCredentials(text) !== text && !hasMaskedUrlCredentials(text);
}

/** True when the text holds a URL whose secret is the placeholder: a masked value written back. */
export function hasMaskedUrlCredentials(text: string): boolean {
  for (const match of text.matchAll(urlUserinfoPattern)) {
    if ((match[2] ?? '').includes(encryptedPlaceholder)) return true;
  }
  return false;
}

/** A URL cut in two for storage: the masked URL, which may be shown, and its secret, to encrypt. */
export interface SplitUrl {
  maskedUrl: string;
  secret: string | null;
}

export function splitUrlCredentials(url: string): SplitUrl {
  const match = leadingUserinfoPattern.exec(url);
  if (!match) return { maskedUrl: url, secret: null };
  const [whole, scheme = '', userinfo = ''] = match;
  const masked = maskUserinfo(userinfo, encryptedPlaceholder);
  if (masked === userinfo) return { maskedUrl: url, secret: null };
  const colon = userinfo.indexOf(':');
  const secret = colon === -1 ? userinfo : userinfo.slice(colon + 1);
  return { maskedUrl: `${scheme}${masked}@${url.slice(whole.length)}`, secret };
}

/** The URL `splitUrlCredentials` cut, whole again (for the server's own use: a fetch, a model call). */
export function joinUrlCredentials(maskedUrl: string, secret: string | null): string {
  if (secret === null) return maskedUrl;
  const match = leadingUserinfoPattern.exec(maskedUrl);
  if (!match) return maskedUrl;
  const [whole, scheme = '', userinfo = ''] = match;
  const colon = userinfo.indexOf(':');
  const joined = colon === -1 ? secret : `${userinfo.slice(0, colon)}:${secret}`;
  return `${scheme}${joined}@${maskedUrl.slice(whole.length)}`;
}

/** A URL as stored: masked, so it can be shown as is, with its secret encrypted apart (null: none). */
export interface SealedUrl {
  maskedUrl: string;
  secretEncrypted: string | null;
}

/** What a store writes for a URL: the secret of its userinfo never lands in a readable column. */
export function sealUrl(url: string, secretBox: SecretBox): SealedUrl {
  const { maskedUrl, secret } = splitUrlCredentials(url);
  return { maskedUrl, secretEncrypted: secret === null ? null : secretBox.encrypt(secret) };
}

/**
 * The whole URL again, for the server's own use. A row written before URLs were sealed holds its URL in
 * clear and no secret: it comes back as it is (and every read masks it).
 */
export function openUrl(sealed: SealedUrl, secretBox: SecretBox): string {
  if (sealed.secretEncrypted === null) return sealed.maskedUrl;
  return joinUrlCredentials(sealed.maskedUrl, secretBox.decrypt(sealed.secretEncrypted));
}

/**
 * A URL a client writes, given the stored one. A URL with `[ENCRYPTED]` in its userinfo is what a read
 * showed: it keeps the stored secret when it is the stored URL unchanged, so a read-modify-write works;
 * anything else with the placeholder is refused (null), since no secret is known for it.
 */
export function sealWrittenUrl(
  written: string,
  current: SealedUrl | null,
  secretBox: SecretBox,
): SealedUrl | null {
  if (!hasMaskedUrlCredentials(written)) return sealUrl(written, secretBox);
  if (current === null) return null;
  const currentUrl = openUrl(current, secretBox);
  if (maskUrlCredentials(currentUrl) !== written || !hasUrlCredentials(currentUrl)) return null;
  return sealUrl(currentUrl, secretBox);
}

/** The 400 message for a refused write-back, naming the field. */
export function maskedUrlRefusal(field: string): string {
  return `${field}: ${encryptedPlaceholder} stands for a stored secret of another URL (or of none); send the URL with its credentials`;
}

/** Every string inside a JSON-like value redacted (an error's details, a tool's result). */
export function redactUrlCredentialsDeep(value: unknown): unknown {
  if (typeof value === 'string') return redactUrlCredentials(value);
  if (Array.isArray(value)) return value.map(redactUrlCredentialsDeep);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, redactUrlCredentialsDeep(item)]),
    );
  }
  return value;
}
