import { beforeAll, describe, expect, it } from 'vitest';
import { loadSqlInterface, type QueryFilter } from '../../src/index.js';
import { translate } from './sql-interface-model.fixture.js';

beforeAll(async () => {
  await loadSqlInterface();
});

function filtersOf(where: string, clause = 'WHERE'): readonly QueryFilter[] | undefined {
  return translate(`SELECT status FROM orders ${clause} ${where}`).query.filters;
}

function filterOf(where: string): QueryFilter | undefined {
  const filters = filtersOf(where);
  expect(filters).toHaveLength(1);
  return filters?.[0];
}

describe('WHERE comparisons', () => {
  it('maps each operator, with the constant on either side', () => {
    const cases: [string, string, string][] = [
      ["status = 'a'", 'equals', 'a'],
      ["status <> 'a'", 'notEquals', 'a'],
      ["status != 'a'", 'notEquals', 'a'],
      ["'a' = status", 'equals', 'a'],
      ['amount < 5', 'lt', '5'],
      ['amount <= 5', 'lte', '5'],
      ['amount > 5', 'gt', '5'],
      ['amount >= 5', 'gte', '5'],
      ['5 < amount', 'gt', '5'],
      ['5 <= amount', 'gte', '5'],
      ['5 > amount', 'lt', '5'],
      ['5 >= amount', 'lte', '5'],
    ];
    for (const [where, operator, value] of cases) {
      const member = where.includes('status') ? 'orders.status' : 'orders.amount';
      const expected = member === 'orders.amount' ? Number(value) : value;
      expect(filterOf(where), where).toEqual({ member, operator, values: [expected] });
    }
  });

  it('uses date operators on time dimensions', () => {
    const cases: [string, string][] = [
      ["created_at < '2024-02-01'", 'beforeDate'],
      ["created_at <= '2024-02-01'", 'beforeOrOnDate'],
      ["created_at > '2024-02-01'", 'afterDate'],
      ["created_at >= '2024-02-01'", 'afterOrOnDate'],
      ["'2024-02-01' > created_at", 'beforeDate'],
      ["created_at = '2024-02-01'", 'equals'],
      ["NOT created_at < '2024-02-01'", 'afterOrOnDate'],
    ];
    for (const [where, operator] of cases) {
      expect(filterOf(where), where).toEqual({
        member: 'orders.created_at',
        operator,
        values: ['2024-02-01'],
      });
    }
  });

  it('reads typed constants, signs and booleans as values', () => {
    const cases: [string, unknown][] = [
      ["created_at >= '2024-01-01'::date", '2024-01-01'],
      ["created_at >= CAST('2024-01-01' AS timestamp)", '2024-01-01'],
      ["created_at >= DATE '2024-01-01'", '2024-01-01'],
      ["created_at >= TIMESTAMP '2024-01-01 10:30:00'", '2024-01-01 10:30:00'],
      ['amount = -3.5', -3.5],
      ['amount = -(4)', -4],
      ['amount = 1.5e3', 1500],
      ['amount = 0', 0],
      ["amount = '12'::int", 12],
      ['amount = 99999999999999999999', '99999999999999999999'],
      ['is_gift = true', true],
      ['is_gift = false', false],
      ["status = ''", ''],
      ["status = E'it\\'s'", "it's"],
      ['status = $$dollar$$', 'dollar'],
    ];
    for (const [where, value] of cases) {
      const filter = filterOf(where);
      expect(filter && 'values' in filter ? filter.values : undefined, where).toEqual([value]);
    }
  });

  it('maps IN, NOT IN, IS NULL and IS NOT NULL', () => {
    expect(filterOf("status IN ('a', 'b')")).toEqual({
      member: 'orders.status',
      operator: 'in',
      values: ['a', 'b'],
    });
    expect(filterOf('amount NOT IN (1, 2)')).toEqual({
      member: 'orders.amount',
      operator: 'notIn',
      values: [1, 2],
    });
    expect(filterOf("NOT status IN ('a')")).toEqual({
      member: 'orders.status',
      operator: 'notIn',
      values: ['a'],
    });
    expect(filterOf('status IS NULL')).toEqual({ member: 'orders.status', operator: 'notSet', values: [] });
    expect(filterOf('status IS NOT NULL')).toEqual({ member: 'orders.status', operator: 'set', values: [] });
    expect(filterOf('NOT status IS NULL')).toEqual({ member: 'orders.status', operator: 'set', values: [] });
  });

  it('maps LIKE and ILIKE patterns onto text operators', () => {
    const cases: [string, string, string[]][] = [
      ["status LIKE '%ship%'", 'contains', ['ship']],
      ["status LIKE 'ship%'", 'startsWith', ['ship']],
      ["status LIKE '%ped'", 'endsWith', ['ped']],
      ["status LIKE 'shipped'", 'equals', ['shipped']],
      ["status ILIKE '%Ship%'", 'contains', ['Ship']],
      ["status NOT LIKE '%ship%'", 'notContains', ['ship']],
      ["status NOT ILIKE 'ship%'", 'notStartsWith', ['ship']],
      ["NOT status LIKE '%ped'", 'notEndsWith', ['ped']],
      ["status NOT LIKE 'x'", 'notEquals', ['x']],
      ["status LIKE '100\\%%'", 'startsWith', ['100%']],
      ["status LIKE 'a\\_b'", 'equals', ['a_b']],
      ["status LIKE '%%'", 'set', []],
    ];
    for (const [where, operator, values] of cases) {
      expect(filterOf(where), where).toEqual({ member: 'orders.status', operator, values });
    }
  });

  it('reads escaped % and _ as literal text, with \\ or the ESCAPE character', () => {
    const cases: [string, string, string[]][] = [
      ["status LIKE '\\%'", 'equals', ['%']],
      ["status NOT LIKE '\\%'", 'notEquals', ['%']],
      ["status LIKE '\\%%'", 'startsWith', ['%']],
      ["status LIKE '%\\%'", 'endsWith', ['%']],
      ["status LIKE '%\\%%'", 'contains', ['%']],
      ["status LIKE '%\\%\\%%'", 'contains', ['%%']],
      ["status LIKE '\\_'", 'equals', ['_']],
      ["status LIKE '%\\_'", 'endsWith', ['_']],
      ["status LIKE '\\\\%'", 'startsWith', ['\\']],
      ["status LIKE '!%' ESCAPE '!'", 'equals', ['%']],
      ["status LIKE '%!%%' ESCAPE '!'", 'contains', ['%']],
      ["status NOT ILIKE '!_%' ESCAPE '!'", 'notStartsWith', ['_']],
      ["status LIKE '%a\\b%' ESCAPE '!'", 'contains', ['a\\b']],
      ["status LIKE 'a\\%' ESCAPE ''", 'startsWith', ['a\\']],
    ];
    for (const [where, operator, values] of cases) {
      expect(filterOf(where), where).toEqual({ member: 'orders.status', operator, values });
    }
  });

  it('maps BETWEEN to a date range on time dimensions and to bounds on numbers', () => {
    expect(filterOf("created_at BETWEEN '2024-01-01' AND DATE '2024-03-31'")).toEqual({
      member: 'orders.created_at',
      operator: 'inDateRange',
      values: ['2024-01-01', '2024-03-31'],
    });
    expect(filterOf("created_at NOT BETWEEN '2024-01-01' AND '2024-03-31'")).toEqual({
      member: 'orders.created_at',
      operator: 'notInDateRange',
      values: ['2024-01-01', '2024-03-31'],
    });
    expect(filterOf('amount BETWEEN 10 AND 20')).toEqual({
      and: [
        { member: 'orders.amount', operator: 'gte', values: [10] },
        { member: 'orders.amount', operator: 'lte', values: [20] },
      ],
    });
    expect(filterOf('NOT amount BETWEEN 10 AND 20')).toEqual({
      or: [
        { member: 'orders.amount', operator: 'lt', values: [10] },
        { member: 'orders.amount', operator: 'gt', values: [20] },
      ],
    });
  });
});

describe('WHERE logic', () => {
  it('splits top-level AND into separate filters and keeps OR as a group', () => {
    expect(filtersOf("status = 'a' AND (amount > 1 OR amount < -1)")).toEqual([
      { member: 'orders.status', operator: 'equals', values: ['a'] },
      {
        or: [
          { member: 'orders.amount', operator: 'gt', values: [1] },
          { member: 'orders.amount', operator: 'lt', values: [-1] },
        ],
      },
    ]);
  });

  it('pushes NOT down with De Morgan and inverted operators', () => {
    expect(filterOf("NOT (status = 'a' AND (amount > 1 OR amount <= 0))")).toEqual({
      or: [
        { member: 'orders.status', operator: 'notEquals', values: ['a'] },
        {
          and: [
            { member: 'orders.amount', operator: 'lte', values: [1] },
            { member: 'orders.amount', operator: 'gt', values: [0] },
          ],
        },
      ],
    });
    expect(filterOf("NOT NOT status = 'a'")).toEqual({
      member: 'orders.status',
      operator: 'equals',
      values: ['a'],
    });
  });

  it('flattens nested groups of the same kind', () => {
    expect(filterOf("status = 'a' OR (status = 'b' OR status = 'c')")).toEqual({
      or: ['a', 'b', 'c'].map((value) => ({ member: 'orders.status', operator: 'equals', values: [value] })),
    });
  });

  it('reads a boolean dimension alone as a condition and a segment as a query segment', () => {
    expect(
      translate('SELECT status FROM orders o WHERE is_gift AND NOT o.is_gift AND completed').query,
    ).toEqual({
      dimensions: ['orders.status'],
      filters: [
        { member: 'orders.is_gift', operator: 'equals', values: [true] },
        { member: 'orders.is_gift', operator: 'equals', values: [false] },
      ],
      segments: ['orders.completed'],
    });
  });
});

describe('conditions on measures', () => {
  it('accepts MEASURE() or the matching aggregate in WHERE and HAVING as member filters', () => {
    expect(filtersOf('MEASURE(count) > 10')).toEqual([
      { member: 'orders.count', operator: 'gt', values: [10] },
    ]);
    expect(filtersOf('SUM(total_amount) >= 100 AND COUNT(*) < 5', 'HAVING')).toEqual([
      { member: 'orders.total_amount', operator: 'gte', values: [100] },
      { member: 'orders.count', operator: 'lt', values: [5] },
    ]);
    expect(
      translate(
        "SELECT status, MEASURE(count) FROM orders WHERE status = 'a' GROUP BY 1 HAVING MEASURE(count) > 2",
      ).query.filters,
    ).toEqual([
      { member: 'orders.status', operator: 'equals', values: ['a'] },
      { member: 'orders.count', operator: 'gt', values: [2] },
    ]);
  });
});
