/**
 * Vega-Lite's `config.locale` (d3's number and time locale definitions) for a BCP 47 locale, read from
 * Intl, so a chart's axes write numbers, months and days as the page's tables do.
 */
export function vegaLocaleOf(locale: string): Record<string, unknown> {
  const numberParts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  const partOf = (type: string, fallback: string) =>
    numberParts.find((part) => part.type === type)?.value ?? fallback;
  const currencyParts = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).formatToParts(
    1,
  );
  const symbol = currencyParts.find((part) => part.type === 'currency')?.value ?? '$';
  const symbolFirst =
    currencyParts.findIndex((part) => part.type === 'currency') <
    currencyParts.findIndex((part) => part.type === 'integer');
  const monthNames = (style: 'long' | 'short') =>
    Array.from({ length: 12 }, (_, month) =>
      new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' }).format(Date.UTC(2021, month, 1)),
    );
  // 2021-01-03 was a Sunday: d3 lists days from Sunday.
  const dayNames = (style: 'long' | 'short') =>
    Array.from({ length: 7 }, (_, day) =>
      new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' }).format(Date.UTC(2021, 0, 3 + day)),
    );
  const periods = [0, 12].map(
    (hour) =>
      new Intl.DateTimeFormat(locale, { hour: 'numeric', hour12: true, timeZone: 'UTC' })
        .formatToParts(Date.UTC(2021, 0, 1, hour))
        .find((part) => part.type === 'dayPeriod')?.value ?? (hour === 0 ? 'AM' : 'PM'),
  );
  return {
    number: {
      decimal: partOf('decimal', '.'),
      thousands: partOf('group', ','),
      grouping: [3],
      currency: symbolFirst ? [symbol, ''] : ['', `\u00a0${symbol}`],
    },
    time: {
      dateTime: '%x, %X',
      date: '%-m/%-d/%Y',
      time: '%-I:%M:%S %p',
      periods,
      days: dayNames('long'),
      shortDays: dayNames('short'),
      months: monthNames('long'),
      shortMonths: monthNames('short'),
    },
  };
}
