import { describe, expect, it } from 'vitest';
import { chooseSearchQuery } from '../src/choose-search-query.js';
import { formatDate, todayIn } from '../src/local-calendar.js';
import { QuestionTokens } from '../src/question-tokens.js';
import { findUnplacedPeriod, readTimeIntent } from '../src/time-phrases.js';

/** Wednesday 2025-07-16 on the wall clock of the tests. */
const today = todayIn(new Date('2025-07-16T10:00:00Z'), 'UTC');

function rangeOf(question: string) {
  const intent = readTimeIntent(new QuestionTokens(question), today);
  return {
    start: intent.range?.start && formatDate(intent.range.start),
    end: intent.range?.end && formatDate(intent.range.end),
    granularity: intent.granularity,
    words: intent.range?.words,
  };
}

describe('date ranges and grains in questions', () => {
  it.each([
    ['revenue last year', '2024-01-01', '2025-01-01'],
    ['revenue this year', '2025-01-01', '2026-01-01'],
    ['revenue this month', '2025-07-01', '2025-08-01'],
    ['revenue last month', '2025-06-01', '2025-07-01'],
    ['revenue last quarter', '2025-04-01', '2025-07-01'],
    ['revenue last week', '2025-07-07', '2025-07-14'],
    ['revenue in 2023', '2023-01-01', '2024-01-01'],
    ['revenue in the last 30 days', '2025-06-16', '2025-07-16'],
    ['revenue over the past three months', '2025-04-01', '2025-07-01'],
    ['revenue today', '2025-07-16', '2025-07-17'],
    ['revenue yesterday', '2025-07-15', '2025-07-16'],
    ['revenue year to date', '2025-01-01', '2025-07-17'],
    ['revenue in March 2024', '2024-03-01', '2024-04-01'],
    ['revenue in March', '2025-03-01', '2025-04-01'],
    ['revenue in September', '2024-09-01', '2024-10-01'],
    ['revenue in Q3 2024', '2024-07-01', '2024-10-01'],
    ['revenue in the first quarter of 2024', '2024-01-01', '2024-04-01'],
    ['revenue between March and May 2024', '2024-03-01', '2024-06-01'],
    ['revenue from November to February 2025', '2024-11-01', '2025-03-01'],
    ['revenue between 2024-01-15 and 2024-02-10', '2024-01-15', '2024-02-11'],
    ['revenue on 2024-02-29', '2024-02-29', '2024-03-01'],
    ['revenue since 2024', '2024-01-01', undefined],
    ['revenue before March 2024', undefined, '2024-03-01'],
  ])('%s', (question, start, end) => {
    const range = rangeOf(question);
    expect([range.start, range.end]).toEqual([start, end]);
  });

  it.each([
    ['revenue in the second quarter of 2024', '2024-04-01', '2024-07-01'],
    ['revenue Q3 2023', '2023-07-01', '2023-10-01'],
    ['revenue Q3 of 2023', '2023-07-01', '2023-10-01'],
    ['revenue in the 3rd quarter of 2023', '2023-07-01', '2023-10-01'],
    // The wrong answer: a quarter of a named year was read as the quarter before today.
    ['revenue in the last quarter of 2023', '2023-10-01', '2024-01-01'],
    ['revenue last quarter of 2023', '2023-10-01', '2024-01-01'],
    ['revenue in the first quarter in 2024', '2024-01-01', '2024-04-01'],
    ['revenue since the beginning of 2025', '2025-01-01', undefined],
    ['revenue since the start of March 2024', '2024-03-01', undefined],
    ['revenue between April and June 2024', '2024-04-01', '2024-07-01'],
    ['revenue from March to May 2023', '2023-03-01', '2023-06-01'],
    ['revenue in the first half of 2023', '2023-01-01', '2023-07-01'],
    ['revenue H2 2024', '2024-07-01', '2025-01-01'],
    ['revenue in the second half of last year', '2024-07-01', '2025-01-01'],
    ['revenue in the first quarter of this year', '2025-01-01', '2025-04-01'],
    ['revenue in March of last year', '2024-03-01', '2024-04-01'],
    // The other wrong answer: of two named years only the first was kept.
    ['revenue in 2022 and 2023', '2022-01-01', '2024-01-01'],
    ['revenue in 2022, 2023 and 2024', '2022-01-01', '2025-01-01'],
    ['revenue in March 2024', '2024-03-01', '2024-04-01'],
    ['revenue during the week of 2024-03-04', '2024-03-04', '2024-03-11'],
    ['revenue during the week of 2024-03-06', '2024-03-04', '2024-03-11'],
    ['revenue on 2024-03-05', '2024-03-05', '2024-03-06'],
    ['revenue each day of March 2024', '2024-03-01', '2024-04-01'],
    ['orders in the past 7 days', '2025-07-09', '2025-07-16'],
  ])('explicit period: %s', (question, start, end) => {
    const tokens = new QuestionTokens(question);
    const intent = readTimeIntent(tokens, today);
    expect([intent.range?.start, intent.range?.end].map((date) => date && formatDate(date))).toEqual([
      start,
      end,
    ]);
    expect(findUnplacedPeriod(tokens)).toBeUndefined();
  });

  it.each([
    // Two years that are not one range: the second is left over, so the planner refuses.
    ['revenue in 2021 and 2023', '2023'],
    // "The end of 2024" is no whole year; it is left unread rather than read as all of 2024.
    ['revenue at the end of 2024', '2024'],
    // A year named beside a relative period wins, and the relative words are left over.
    ['revenue in the last week of 2023', 'last week'],
    ['revenue in 2023 last quarter', 'quarter'],
  ])('leaves what is not one period unplaced: %s', (question, unplaced) => {
    const tokens = new QuestionTokens(question);
    readTimeIntent(tokens, today);
    expect(findUnplacedPeriod(tokens)).toBe(unplaced);
  });

  it('reads a relative period against today in the time zone only when no year is named', () => {
    const lateInTokyo = todayIn(new Date('2025-06-30T20:00:00Z'), 'Asia/Tokyo');
    const intent = readTimeIntent(new QuestionTokens('revenue last quarter'), lateInTokyo);
    expect(intent.range?.start && formatDate(intent.range.start)).toBe('2025-04-01');
    expect(rangeOf('revenue last quarter').start).toBe('2025-04-01');
    expect(rangeOf('revenue in the last quarter of 2023').start).toBe('2023-10-01');
  });

  it('reads a month name only as a month when a year or a preposition says so', () => {
    expect(rangeOf('may I see revenue').start).toBeUndefined();
    expect(rangeOf('revenue may 2024').start).toBe('2024-05-01');
  });

  it('does not take the count of a ranking for a year', () => {
    expect(rangeOf('top 2000 customers').start).toBeUndefined();
  });

  it.each([
    ['revenue by month', 'month'],
    ['monthly revenue', 'month'],
    ['revenue per week last year', 'week'],
    ['daily orders', 'day'],
    ['revenue for each quarter', 'quarter'],
    ['revenue month over month', 'month'],
    ['which year had the most orders', 'year'],
    ['revenue trend in the last 30 days', 'day'],
    ['revenue over time', 'month'],
    ['weekly revenue', 'week'],
    ['revenue by week', 'week'],
    ['revenue per day', 'day'],
    ['revenue each day of March 2024', 'day'],
    ['the slowest month', 'month'],
    ['the best day for orders', 'day'],
    ['the 3 busiest weeks', 'week'],
    ['the month with the most orders', 'month'],
  ])('%s → %s', (question, granularity) => {
    expect(rangeOf(question).granularity).toBe(granularity);
  });

  it('keeps "last month" a range, not a grain', () => {
    expect(rangeOf('revenue last month')).toMatchObject({ granularity: undefined, words: 'last month' });
  });

  it('reads today on the wall clock of the time zone', () => {
    const lateInTokyo = new Date('2025-07-16T20:00:00Z');
    expect(formatDate(todayIn(lateInTokyo, 'Asia/Tokyo'))).toBe('2025-07-17');
    expect(formatDate(todayIn(lateInTokyo, 'America/Los_Angeles'))).toBe('2025-07-16');
  });
});

describe('the search query of a question', () => {
  it.each([
    ['What was our total revenue by country last year?', 'total revenue country'],
    ['How many deals were won in March 2024?', 'deals won'],
    ['Top 5 products by revenue', 'products revenue'],
    ['Show me the monthly number of orders', 'orders'],
    ['Hello!', ''],
  ])('%s → %s', (question, keywords) => {
    expect(chooseSearchQuery(question)).toBe(keywords);
  });
});
