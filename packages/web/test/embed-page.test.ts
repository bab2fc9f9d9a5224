import { describe, expect, it } from 'vitest';
import { cellFormattersOf, formatTimeValue } from '../src/dashboards/column-format.js';
import { vegaLocaleOf } from '../src/dashboards/vega-locale.js';
import { embedDisplaySettingsOf, readEmbedCredential } from '../src/embed/embed-token.js';
import { routeOf } from '../src/routing/routes.js';

const at = (search: string, hash: string) => ({ pathname: '/embed/dashboard/Ab12Cd34Ef56', search, hash });

/** An unsigned JWT-shaped token with this payload (the page never checks signatures: the server does). */
function tokenWith(payload: unknown): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;
}

describe('the embed page route', () => {
  it('routes /embed/dashboard/{publicId} and nothing longer or malformed', () => {
    expect(routeOf('/embed/dashboard/Ab12Cd34Ef56')).toEqual({
      page: 'embedDashboard',
      publicId: 'Ab12Cd34Ef56',
    });
    expect(routeOf('/embed/dashboard/short')).toEqual({ page: 'notFound' });
    expect(routeOf('/embed/dashboard/Ab12Cd34Ef56/more')).toEqual({ page: 'notFound' });
    expect(routeOf('/embed/dashboards/Ab12Cd34Ef56')).toEqual({ page: 'notFound' });
  });
});

describe("the embed page's credential", () => {
  it('reads #token=, which stays where it is (a fragment never reaches a server)', () => {
    expect(readEmbedCredential(at('', '#token=a.b.c'))).toEqual({
      credential: { kind: 'token', token: 'a.b.c' },
      cleanedAddress: null,
    });
  });

  it('reads ?token= and gives the address without it, keeping the rest of the query and the fragment', () => {
    expect(readEmbedCredential(at('?token=a.b.c&theme=dark', '#x=1'))).toEqual({
      credential: { kind: 'token', token: 'a.b.c' },
      cleanedAddress: '/embed/dashboard/Ab12Cd34Ef56?theme=dark#x=1',
    });
    expect(readEmbedCredential(at('?token=a.b.c', '')).cleanedAddress).toBe('/embed/dashboard/Ab12Cd34Ef56');
  });

  it("reads #platformToken= (the customer's own JWT, exchanged first); the fragment wins over the query", () => {
    expect(readEmbedCredential(at('', '#platformToken=x.y.z')).credential).toEqual({
      kind: 'platformToken',
      token: 'x.y.z',
    });
    const both = readEmbedCredential(at('?token=query.t.t', '#token=fragment.t.t'));
    expect(both.credential).toEqual({ kind: 'token', token: 'fragment.t.t' });
    // The query's token leaves the address bar even when the fragment's is used.
    expect(both.cleanedAddress).toBe('/embed/dashboard/Ab12Cd34Ef56#token=fragment.t.t');
  });

  it('has no credential without one, or with an empty one', () => {
    expect(readEmbedCredential(at('', '')).credential).toBeNull();
    expect(readEmbedCredential(at('?token=', '#token=')).credential).toBeNull();
  });
});

describe("the session's display settings from the token", () => {
  it('reads showDashboardChat, locale and timezone of the embed claim', () => {
    const token = tokenWith({
      embed: { settings: { showDashboardChat: true, locale: 'de-DE', timezone: 'Europe/Berlin' } },
    });
    expect(embedDisplaySettingsOf(token)).toEqual({
      showDashboardChat: true,
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
    });
  });

  it('falls back to the defaults for what it cannot read', () => {
    const defaults = { showDashboardChat: false, locale: undefined, timeZone: undefined };
    expect(embedDisplaySettingsOf('not a token')).toEqual(defaults);
    expect(embedDisplaySettingsOf('a.%%%.c')).toEqual(defaults);
    expect(embedDisplaySettingsOf(tokenWith({ sub: 'x' }))).toEqual(defaults);
    expect(
      embedDisplaySettingsOf(
        tokenWith({
          embed: { settings: { showDashboardChat: 'yes', locale: 'not a locale!', timezone: 'Mars/Base' } },
        }),
      ),
    ).toEqual(defaults);
  });
});

describe('numbers and dates in the display locale', () => {
  const schema = [
    { name: 'orders.count', column_type: 'number' as const },
    { name: 'orders.ordered_at', column_type: 'time' as const },
    { name: 'orders.status', column_type: 'string' as const },
  ];

  it('writes numbers with the locale and keeps dates as they are without one', () => {
    const german = cellFormattersOf(schema, null, { locale: 'de-DE', timeZone: undefined });
    expect(german['orders.count']?.('1234567.5')).toBe('1.234.567,5');
    const browser = cellFormattersOf(schema, null);
    expect(browser['orders.ordered_at']?.('2024-03-01T00:00:00.000')).toBe('2024-03-01T00:00:00.000');
    expect(browser['orders.status']?.('shipped')).toBe('shipped');
  });

  it('writes currency and percent columns in the locale', () => {
    const formats = {
      columnFormats: {
        'orders.count': { type: 'currency' as const, decimalPlaces: 2 },
      },
    };
    const french = cellFormattersOf(schema, formats, { locale: 'fr-FR', timeZone: undefined });
    expect(french['orders.count']?.(1234.5)).toMatch(/^1\s234,50\s\$US$/);
  });

  it("writes a wall-clock time as it is (the query's zone) and an instant in the session's zone", () => {
    const display = { locale: 'en-GB', timeZone: 'Asia/Tokyo' };
    expect(formatTimeValue('2024-03-01T00:00:00.000', display)).toBe('1 Mar 2024');
    expect(formatTimeValue('2024-03-01T23:30:00.000', display)).toBe('1 Mar 2024, 23:30');
    // 23:30 UTC is 08:30 the next day in Tokyo.
    expect(formatTimeValue('2024-03-01T23:30:00Z', display)).toBe('2 Mar 2024, 08:30');
    expect(formatTimeValue('not a date', display)).toBe('not a date');
    expect(formatTimeValue(null, display)).toBe('');
  });
});

describe("a chart's Vega locale", () => {
  it('takes the separators, months and days of the locale', () => {
    const german = vegaLocaleOf('de-DE') as {
      number: { decimal: string; thousands: string };
      time: { months: string[]; shortDays: string[] };
    };
    expect(german.number).toMatchObject({ decimal: ',', thousands: '.' });
    expect(german.time.months[0]).toBe('Januar');
    expect(german.time.shortDays).toHaveLength(7);
  });
});
