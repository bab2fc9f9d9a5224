import { describe, expect, it } from 'vitest';
import { chooseSearchQuery } from '../src/choose-search-query.js';
import { formatDate, todayIn } from '../src/local-calendar.js';
import { QuestionTokens } from '../src/question-tokens.js';
import { readTimeIntent } from '../src/time-phrases.js';

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
