import { describe, expect, it } from 'vitest';
import { type AccessCaller, resolveAccess } from '../../src/index.js';
import { compileAccessModel } from './access-model.fixture.js';

const model = compileAccessModel();

function caller(
  groups: string[],
  securityContext: Record<string, unknown> = {},
  userAttributes = {},
): AccessCaller {
  return { groups, securityContext, userAttributes };
}

const euRegions = { regions: ['EU', 'UK'] };
const everyoneFilter = { member: 'orders.region', operator: 'in', values: ['EU', 'UK'] };
const noUserRows = {
  and: [
    { member: 'users.id', operator: 'set' },
    { member: 'users.id', operator: 'notSet' },
  ],
};

describe('access policies of cubes', () => {
  it('applies a `*` policy to a caller without groups and denies cubes whose policies all miss', () => {
    const scope = resolveAccess(model, caller([], euRegions));
    expect(scope.isSourceVisible('orders')).toBe(true);
    expect(scope.isMemberVisible('orders.total')).toBe(true);
    expect(scope.isMemberVisible('orders.margin')).toBe(false);
    expect(scope.isSourceVisible('users')).toBe(false);
    expect(scope.isMemberVisible('users.country')).toBe(false);
    expect(scope.isSourceVisible('products')).toBe(true);
    expect(scope.isMemberVisible('products.category')).toBe(true);
    expect(scope.isSourceVisible('missing')).toBe(false);
    expect(scope.isMemberVisible('orders.missing')).toBe(false);
  });

  it('filters the rows of every cube the query can join, and denied cubes to no rows', () => {
    const scope = resolveAccess(model, caller([], euRegions));
    const { query, cubeRowFilters } = scope.applyToQuery({ measures: ['orders.count'] });
    expect(query).toEqual({ measures: ['orders.count'] });
    expect(cubeRowFilters).toEqual([
      { cubeName: 'orders', filter: everyoneFilter },
      { cubeName: 'users', filter: noUserRows },
    ]);
    expect(
      scope.applyToQuery({ dimensions: ['products.category'] }).cubeRowFilters.map((row) => row.cubeName),
    ).toEqual(['orders', 'users']);
  });

  it('lets the group of a policy whose condition holds see everything it grants', () => {
    const scope = resolveAccess(model, caller(['finance'], { ...euRegions, tier: 3 }));
    expect(scope.isMemberVisible('orders.margin')).toBe(true);
    const { cubeRowFilters } = scope.applyToQuery({ measures: ['orders.margin'] });
    expect(cubeRowFilters.find((row) => row.cubeName === 'orders')).toBeUndefined();
  });

  it('ignores a policy whose condition is false or reads a missing or mistyped value', () => {
    for (const securityContext of [{ tier: 1 }, {}, { tier: 'gold' }]) {
      const scope = resolveAccess(model, caller(['finance'], { ...euRegions, ...securityContext }));
      expect(scope.isMemberVisible('orders.margin')).toBe(false);
      expect(scope.applyToQuery({ measures: ['orders.count'] }).cubeRowFilters[0]?.filter).toEqual(
        everyoneFilter,
      );
    }
  });

  it('shows the union of the members matching policies allow and ORs their row filters', () => {
    const scope = resolveAccess(model, caller(['support'], { regions: ['EU'], region: 'EU' }));
    expect(scope.isMemberVisible('orders.total')).toBe(true);
    expect(scope.isMemberVisible('orders.status')).toBe(true);
    expect(scope.isMemberVisible('orders.margin')).toBe(false);
    const { cubeRowFilters } = scope.applyToQuery({ measures: ['orders.count'] });
    expect(cubeRowFilters[0]).toEqual({
      cubeName: 'orders',
      filter: {
        or: [
          { member: 'orders.region', operator: 'in', values: ['EU'] },
          {
            and: [
              { member: 'orders.status', operator: 'equals', values: ['open'] },
              { member: 'orders.region', operator: 'equals', values: ['EU'] },
            ],
          },
        ],
      },
    });
  });

  it('turns a filter whose context value is missing or empty into one that matches no row', () => {
    const scope = resolveAccess(model, caller(['support'], { regions: [] }));
    const filter = scope.applyToQuery({ measures: ['orders.count'] }).cubeRowFilters[0]?.filter;
    const nothing = (member: string) => ({
      and: [
        { member, operator: 'set' },
        { member, operator: 'notSet' },
      ],
    });
    expect(filter).toEqual({
      or: [
        nothing('orders.region'),
        {
          and: [{ member: 'orders.status', operator: 'equals', values: ['open'] }, nothing('orders.region')],
        },
      ],
    });
  });

  it('substitutes user attributes, keeps scalar types and rejects objects', () => {
    const staff = resolveAccess(model, caller(['staff'], euRegions, { country: 'DE' }));
    const rows = staff.applyToQuery({ dimensions: ['users.country'] }).cubeRowFilters;
    expect(rows.find((row) => row.cubeName === 'users')?.filter).toEqual({
      member: 'users.country',
      operator: 'equals',
      values: ['DE'],
    });
    const numeric = resolveAccess(model, caller([], { regions: [7, 'EU', null] }));
    expect(numeric.applyToQuery({ measures: ['orders.count'] }).cubeRowFilters[0]?.filter).toEqual({
      member: 'orders.region',
      operator: 'in',
      values: [7, 'EU'],
    });
    const nested = resolveAccess(model, caller([], { regions: [{ name: 'EU' }] }));
    expect(nested.applyToQuery({ measures: ['orders.count'] }).cubeRowFilters[0]?.filter).toEqual({
      and: [
        { member: 'orders.region', operator: 'set' },
        { member: 'orders.region', operator: 'notSet' },
      ],
    });
  });

  it('lets a policy without row level or member level grant everything', () => {
    const scope = resolveAccess(model, caller(['admins', 'staff'], euRegions, {}));
    expect(scope.isMemberVisible('users.country')).toBe(true);
    const rows = scope.applyToQuery({ dimensions: ['users.country'] }).cubeRowFilters;
    expect(rows.map((row) => row.cubeName)).toEqual(['orders']);
  });

  it('leaves cubes the query cannot join out of its row filters', () => {
    const auditor = resolveAccess(model, caller(['auditors'], euRegions));
    expect(auditor.applyToQuery({ dimensions: ['audit_log.id'] }).cubeRowFilters).toEqual([]);
    const other = resolveAccess(model, caller([], euRegions));
    expect(() => other.applyToQuery({ dimensions: ['audit_log.id'] })).toThrow(
      /^You may not query audit_log/,
    );
  });
});
