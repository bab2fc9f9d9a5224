/**
 * How the embed page is handed its credential (API-NOTES.md "Embedding"): an embed token in the URL
 * fragment (`#token=<jwt>`, never sent to a server, so never in a log or a `Referer`), or in the query
 * (`?token=`, which the page removes from the address bar at once), or the customer's own JWT
 * (`#platformToken=<jwt>`), which the page first exchanges for an embed token.
 */
export type EmbedCredential = { kind: 'token'; token: string } | { kind: 'platformToken'; token: string };

export interface EmbedLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface ReadCredential {
  credential: EmbedCredential | null;
  /** The address without `?token=` when the query carried it (the page replaces the address with it); else null. */
  cleanedAddress: string | null;
}

const jwtShape = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

function tokenOf(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The credential the page was opened with; the fragment wins over the query. */
export function readEmbedCredential(location: EmbedLocation): ReadCredential {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(location.search);
  const queryToken = tokenOf(query.get('token'));
  let cleanedAddress: string | null = null;
  if (query.has('token')) {
    query.delete('token');
    const rest = query.toString();
    cleanedAddress = `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`;
  }
  const fragmentToken = tokenOf(fragment.get('token'));
  if (fragmentToken) return { credential: { kind: 'token', token: fragmentToken }, cleanedAddress };
  const platformToken = tokenOf(fragment.get('platformToken'));
  if (platformToken) return { credential: { kind: 'platformToken', token: platformToken }, cleanedAddress };
  if (queryToken) return { credential: { kind: 'token', token: queryToken }, cleanedAddress };
  return { credential: null, cleanedAddress };
}

/** What the page shows by (display settings only: the server checks the token on every request). */
export interface EmbedDisplaySettings {
  showDashboardChat: boolean;
  locale: string | undefined;
  timeZone: string | undefined;
}

const noSettings: EmbedDisplaySettings = { showDashboardChat: false, locale: undefined, timeZone: undefined };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function base64UrlDecode(text: string): string {
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (character) => character.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** A locale Intl accepts, else undefined (the browser's). */
function localeOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    return Intl.getCanonicalLocales(value)[0];
  } catch {
    return undefined;
  }
}

/** A time zone Intl knows, else undefined. */
function timeZoneOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    return undefined;
  }
}

/**
 * The session's display settings, read from the embed token's payload without checking its signature:
 * they only choose how the page looks. A token that is not a JWT, or has no `embed` claim, gives the
 * defaults (no chat panel, the browser's locale).
 */
export function embedDisplaySettingsOf(token: string): EmbedDisplaySettings {
  if (!jwtShape.test(token)) return noSettings;
  let payload: unknown;
  try {
    payload = JSON.parse(base64UrlDecode(token.split('.')[1] ?? ''));
  } catch {
    return noSettings;
  }
  const settings = isRecord(payload) && isRecord(payload.embed) ? payload.embed.settings : undefined;
  if (!isRecord(settings)) return noSettings;
  return {
    showDashboardChat: settings.showDashboardChat === true,
    locale: localeOf(settings.locale),
    timeZone: timeZoneOf(settings.timezone),
  };
}
