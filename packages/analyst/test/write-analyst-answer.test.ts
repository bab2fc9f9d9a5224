import { describe, expect, it } from 'vitest';
import type { AnalystQueryPlan } from '../src/analyst-plan.types.js';
import { writeAnalystAnswer } from '../src/write-analyst-answer.js';

const utc = { timezone: 'UTC' };

function plan(overrides: Partial<AnalystQueryPlan>): AnalystQueryPlan {
  return {
    kind: 'query',
    sqlQuery: 'SELECT MEASURE(amount) FROM deals',
    queryTitle: 'Deal amount',
    description: 'Deal amount, from Deals.',
    columns: [{ name: 'amount', title: 'Deal amount', role: 'measure' }],
    scope: '',
    ...overrides,
  };
}

const byStage = plan({
  columns: [
    { name: 'stage', title: 'stage', role: 'dimension' },
    { name: 'amount', title: 'Deal amount', role: 'measure' },
  ],
});

const schema = (...names: string[]) => names.map((name) => ({ name, column_type: 'number' }));

describe('answers written from results', () => {
  it('a ranking of one names its one row in a sentence, a list otherwise', () => {
    const ranked = plan({
      ...byStage,
      ranking: 'highest',
      rankedBy: 'the highest deal amount',
      scope: 'in 2024',
    });
    const one = { schema: schema('stage', 'amount'), data: [['Won', 1500]], totalRows: 1 };
    expect(writeAnalystAnswer('q', ranked, one, utc)).toBe(
      'Won has the highest deal amount, in 2024: 1,500.',
    );
    const two = {
      schema: schema('stage', 'amount'),
      data: [
        ['Won', 1500],
        ['Lost', 900],
      ],
      totalRows: 2,
    };
    expect(writeAnalystAnswer('q', ranked, two, utc)).toMatch(/^Won is first by deal amount, with 1,500\./);
  });

  it('one value in one sentence, with its scope', () => {
    const scoped = plan({ scope: 'in 2024 (2024-01-01 to 2024-12-31), where stage is Won' });
    expect(
      writeAnalystAnswer('q', scoped, { schema: schema('amount'), data: [[1234567.891]], totalRows: 1 }, utc),
    ).toBe('Deal amount, in 2024 (2024-01-01 to 2024-12-31), where stage is Won: 1,234,567.89.');
  });

  it('small fractions keep three significant digits, and numbers sent as text are numbers', () => {
    expect(
      writeAnalystAnswer('q', plan({}), { schema: schema('amount'), data: [[0.012345]], totalRows: 1 }, utc),
    ).toBe('Deal amount: 0.0123.');
    expect(
      writeAnalystAnswer('q', plan({}), { schema: schema('amount'), data: [['98765']], totalRows: 1 }, utc),
    ).toBe('Deal amount: 98,765.');
  });

  it("writes numbers with the locale's marks, in sentences and lists alike", () => {
    const german = { timezone: 'UTC', locale: 'de-DE' };
    expect(
      writeAnalystAnswer(
        'q',
        plan({}),
        { schema: schema('amount'), data: [[1234567.891]], totalRows: 1 },
        german,
      ),
    ).toBe('Deal amount: 1.234.567,89.');
    const listed = writeAnalystAnswer(
      'q',
      byStage,
      {
        schema: schema('stage', 'amount'),
        data: [
          ['Won', 2500.5],
          [1234, 0.5],
        ],
        totalRows: 2,
      },
      german,
    );
    expect(listed).toContain('- Won: 2.500,5');
    expect(listed).toContain('- 1.234: 0,5');
  });

  it('says no data matched for an empty result', () => {
    const scoped = { ...byStage, scope: 'last month (2025-06-01 to 2025-06-30)' };
    expect(
      writeAnalystAnswer('q', scoped, { schema: schema('stage', 'amount'), data: [], totalRows: 0 }, utc),
    ).toBe('No data matched: deal amount, last month (2025-06-01 to 2025-06-30) has no rows.');
  });

  it('lists the first ten rows of a breakdown and counts the rest', () => {
    const data = Array.from({ length: 14 }, (_row, index) => [`stage ${index + 1}`, 1000 - index]);
    const answer = writeAnalystAnswer(
      'q',
      byStage,
      { schema: schema('stage', 'amount'), data, totalRows: 14 },
      utc,
    );
    const lines = answer.split('\n');
    expect(lines[0]).toBe('Deal amount by stage (14 rows, highest first):');
    expect(lines.slice(1, 3)).toEqual(['- stage 1: 1,000', '- stage 2: 999']);
    expect(lines).toHaveLength(12);
    expect(lines[11]).toBe('…and 4 more.');
  });

  it('counts rows the tool result left out', () => {
    const data = [['Won', 5]];
    const answer = writeAnalystAnswer(
      'q',
      byStage,
      { schema: schema('stage', 'amount'), data, totalRows: 250 },
      utc,
    );
    expect(answer.split('\n')).toEqual([
      'Deal amount by stage (250 rows, highest first):',
      '- Won: 5',
      '…and 249 more.',
    ]);
  });

  it('names the first of a ranking, and empty groups', () => {
    const ranked = { ...byStage, ranking: 'lowest' as const };
    const answer = writeAnalystAnswer(
      'q',
      ranked,
      {
        schema: schema('stage', 'amount'),
        data: [
          [null, 3],
          ['Lost', 7],
        ],
        totalRows: 2,
      },
      utc,
    );
    expect(answer.split('\n')).toEqual([
      '(empty) is last by deal amount, with 3. Deal amount by stage, lowest first:',
      '- (empty): 3',
      '- Lost: 7',
    ]);
  });

  it('prints times at their grain and in the time zone, with the peak of a series', () => {
    const monthly = plan({
      columns: [
        { name: 'month', title: 'month', role: 'time', granularity: 'month' },
        { name: 'amount', title: 'Deal amount', role: 'measure' },
      ],
    });
    const data = [
      ['2024-01-01T00:00:00.000', 10],
      ['2024-02-01T00:00:00.000', 30],
      ['2024-03-01T00:00:00.000', 20],
    ];
    expect(
      writeAnalystAnswer('q', monthly, { schema: schema('month', 'amount'), data, totalRows: 3 }, utc).split(
        '\n',
      ),
    ).toEqual([
      'Deal amount by month (3 rows); the highest is February 2024 with 30:',
      '- January 2024: 10',
      '- February 2024: 30',
      '- March 2024: 20',
    ]);
    const quarterly = plan({
      columns: [
        { name: 'quarter', title: 'quarter', role: 'time', granularity: 'quarter' },
        { name: 'amount', title: 'Deal amount', role: 'measure' },
      ],
    });
    const instant = [['2024-03-31T23:30:00.000Z', 1]];
    const answer = writeAnalystAnswer(
      'q',
      quarterly,
      { schema: schema('quarter', 'amount'), data: instant, totalRows: 1 },
      { timezone: 'Europe/Berlin' },
    );
    expect(answer).toContain('- Q2 2024: 1');
  });
});
