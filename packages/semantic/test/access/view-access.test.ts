import { describe, expect, it } from 'vitest';
import { type AccessCaller, resolveAccess, SemanticQueryError } from '../../src/index.js';
import { compileAccessModel } from './access-model.fixture.js';

const model = compileAccessModel();

function caller(
  groups: string[],
  securityContext: Record<string, unknown> = {},
  userAttributes = {},
): AccessCaller {
  return { groups, securityContext, userAttributes };
}

describe('access policies of views', () => {
  it('governs a view with policies by its own member level and row filters only', () => {
    const scope = resolveAccess(model, caller(['analysts'], { regions: ['EU'] }));
    expect(scope.isSourceVisible('secure_orders')).toBe(true);
    expect(scope.isMemberVisible('secure_orders.total')).toBe(true);
    expect(scope.isMemberVisible('secure_orders.margin')).toBe(false);
    const filters = [{ member: 'secure_orders.status', operator: 'equals' as const, values: ['open'] }];
    const accessed = scope.applyToQuery({ measures: ['secure_orders.count'], filters });
    expect(accessed.query.filters).toEqual([
      ...filters,
      { member: 'secure_orders.status', operator: 'notEquals', values: ['cancelled'] },
    ]);
    expect(accessed.cubeRowFilters).toEqual([]);
  });

  it('ORs the row filters of several matching view policies and unions their members', () => {
    const scope = resolveAccess(model, caller(['analysts', 'managers'], { region: 'UK' }));
    expect(scope.isMemberVisible('secure_orders.margin')).toBe(true);
    const { query } = scope.applyToQuery({ measures: ['secure_orders.margin'] });
    expect(query.filters).toEqual([
      {
        or: [
          { member: 'secure_orders.status', operator: 'notEquals', values: ['cancelled'] },
          { member: 'secure_orders.region', operator: 'equals', values: ['UK'] },
        ],
      },
    ]);
  });

  it('denies a view with policies to callers none of them applies to, though its cube is open', () => {
    const scope = resolveAccess(model, caller([], { regions: ['EU'] }));
    expect(scope.isSourceVisible('secure_orders')).toBe(false);
    expect(scope.isMemberVisible('secure_orders.count')).toBe(false);
    expect(scope.isMemberVisible('orders.count')).toBe(true);
    expect(() => scope.applyToQuery({ measures: ['secure_orders.count'] })).toThrow(
      'You may not query secure_orders: none of its access policies applies to you',
    );
  });

  it('lets a view without policies follow the policies of the cubes defining its members', () => {
    const scope = resolveAccess(model, caller([], { regions: ['EU'] }));
    expect(scope.isSourceVisible('order_report')).toBe(true);
    expect(scope.isMemberVisible('order_report.total')).toBe(true);
    expect(scope.isMemberVisible('order_report.margin')).toBe(false);
    expect(scope.isMemberVisible('order_report.country')).toBe(false);
    expect(scope.isMemberVisible('order_report.category')).toBe(true);
    const accessed = scope.applyToQuery({
      measures: ['order_report.count'],
      dimensions: ['order_report.category'],
    });
    expect(accessed.query.filters).toBeUndefined();
    expect(accessed.cubeRowFilters).toEqual([
      { cubeName: 'orders', filter: { member: 'orders.region', operator: 'in', values: ['EU'] } },
    ]);
    expect(() => scope.applyToQuery({ dimensions: ['order_report.country'] })).toThrow(
      'You may not query order_report.country',
    );
  });

  it('gives the row filters of every restricted cube on the join paths of a view without policies', () => {
    const scope = resolveAccess(model, caller(['staff'], { regions: ['EU'] }, { country: 'FR' }));
    expect(scope.isMemberVisible('order_report.country')).toBe(true);
    const { cubeRowFilters } = scope.applyToQuery({
      measures: ['order_report.total'],
      dimensions: ['order_report.country'],
    });
    expect(cubeRowFilters).toEqual([
      { cubeName: 'orders', filter: { member: 'orders.region', operator: 'in', values: ['EU'] } },
      { cubeName: 'users', filter: { member: 'users.country', operator: 'equals', values: ['FR'] } },
    ]);
  });

  it('hides a view without policies whose members are all hidden', () => {
    const outsider = resolveAccess(model, caller([]));
    expect(outsider.isSourceVisible('user_directory')).toBe(false);
    expect(() => outsider.applyToQuery({ measures: ['user_directory.count'] })).toThrow(
      'You may not query user_directory: the access policies of its cubes hide all its members',
    );
    const staff = resolveAccess(model, caller(['staff']));
    expect(staff.isSourceVisible('user_directory')).toBe(true);
  });
});

describe('applyToQuery', () => {
  const scope = resolveAccess(model, caller([], { regions: ['EU'] }));
  const forbidden = (query: Parameters<typeof scope.applyToQuery>[0]) => {
    try {
      scope.applyToQuery(query);
    } catch (error) {
      if (error instanceof SemanticQueryError) return `${error.kind}: ${error.message}`;
      throw error;
    }
    return 'allowed';
  };

  it('checks every place a query names a member', () => {
    const message = 'forbidden: You may not query orders.margin';
    expect(forbidden({ measures: ['orders.margin'] })).toBe(message);
    expect(forbidden({ dimensions: ['order_report.margin'] })).toBe(
      'forbidden: You may not query order_report.margin',
    );
    expect(forbidden({ measures: ['orders.count'], order: { 'orders.margin': 'desc' } })).toBe(message);
    expect(forbidden({ measures: ['orders.count'], order: [['orders.margin', 'asc']] })).toBe(message);
    expect(
      forbidden({
        measures: ['orders.count'],
        filters: [
          {
            or: [
              { member: 'orders.status', operator: 'set' },
              { and: [{ member: 'orders.margin', operator: 'gt', values: [1] }] },
            ],
          },
        ],
      }),
    ).toBe(message);
    expect(forbidden({ timeDimensions: [{ dimension: 'users.country', granularity: 'day' }] })).toBe(
      'forbidden: You may not query users: none of its access policies applies to you',
    );
    expect(forbidden({ measures: ['orders.count'], segments: ['secure_orders.count'] })).toMatch(
      /^forbidden: You may not query secure_orders/,
    );
  });

  it('reads time-dimension order keys and lets unknown members through to the compiler', () => {
    expect(
      forbidden({
        measures: ['orders.count'],
        timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month' }],
        segments: ['orders.completed'],
        order: { 'orders.created_at.month': 'asc' },
      }),
    ).toBe('allowed');
    expect(forbidden({ measures: ['orders.unknown_measure', 'nowhere.count'] })).toBe('allowed');
    expect(forbidden({ measures: ['users.unknown_measure'] })).toMatch(
      /^forbidden: You may not query users:/,
    );
  });

  it('lets callers query members that are not public', () => {
    expect(scope.isMemberVisible('orders.internal_note')).toBe(true);
    expect(forbidden({ dimensions: ['orders.internal_note', 'orders.id'] })).toBe('allowed');
  });
});
