import { describe, expect, it } from 'vitest';
import { compileModelFiles, listViewMembers, locateField } from '../src/index.js';
import { ecommerceModelFiles } from './fixtures/ecommerce-model.fixture.js';

describe('a realistic valid model', () => {
  const result = compileModelFiles(ecommerceModelFiles);

  it('has no errors and counts its cubes and views', () => {
    expect(result.errors).toEqual([]);
    expect(result.cubesCount).toBe(6);
    expect(result.viewsCount).toBe(2);
  });

  it('normalises cubes, members and joins', () => {
    const orders = result.model.cubes.find((cube) => cube.name === 'orders');
    expect(orders).toMatchObject({
      kind: 'cube',
      sqlTable: 'public.orders',
      isPublic: false,
      synonyms: ['purchases', 'sales'],
      meta: { owner: 'data-team', synonyms: ['purchases', 'sales'] },
      location: { fileName: 'model/cubes/orders.yml', line: 2, path: 'cubes[0]' },
    });
    expect(orders?.joins.map((join) => [join.name, join.relationship])).toEqual([
      ['users', 'many_to_one'],
      ['line_items', 'one_to_many'],
    ]);
    const count = orders?.measures.find((measure) => measure.name === 'count');
    expect(count).toMatchObject({
      type: 'count',
      drillMembers: ['id', 'status', 'users.city'],
      isPublic: true,
    });
    expect(count?.sql).toBeUndefined();
    const totalAmount = orders?.measures.find((measure) => measure.name === 'total_amount');
    expect(totalAmount).toMatchObject({ format: 'currency', synonyms: ['revenue', 'turnover'] });
    const rolling = orders?.measures.find((measure) => measure.name === 'rolling_amount');
    expect(rolling?.rollingWindow).toMatchObject({ type: 'fixed', trailing: '7 days', offset: 'start' });
  });

  it('keeps primary keys hidden unless made public, as Cube does', () => {
    const orders = result.model.cubes.find((cube) => cube.name === 'orders');
    const countries = result.model.cubes.find((cube) => cube.name === 'countries');
    expect(orders?.dimensions.find((dimension) => dimension.name === 'id')).toMatchObject({
      isPrimaryKey: true,
      isPublic: false,
    });
    expect(countries?.dimensions.find((dimension) => dimension.name === 'code')?.isPublic).toBe(true);
  });

  it('reads custom granularities, case dimensions and geo dimensions', () => {
    const orders = result.model.cubes.find((cube) => cube.name === 'orders');
    const createdAt = orders?.dimensions.find((dimension) => dimension.name === 'created_at');
    expect(createdAt?.granularities).toMatchObject([
      { name: 'fiscal_year', interval: '1 year', offset: '3 months' },
      { name: 'sprint', interval: '2 weeks', origin: '2024-01-01', title: 'Two-week sprint' },
    ]);
    const size = orders?.dimensions.find((dimension) => dimension.name === 'size');
    expect(size?.case?.when.map((branch) => branch.label)).toEqual(['small', 'large']);
    expect(size?.case?.else).toEqual({ label: 'unknown' });
    const users = result.model.cubes.find((cube) => cube.name === 'users');
    expect(users?.dimensions.find((dimension) => dimension.name === 'location')).toMatchObject({
      type: 'geo',
      latitude: { sql: '{CUBE}.latitude' },
      longitude: { sql: '{CUBE}.longitude' },
    });
  });

  it('reads access policies', () => {
    const orders = result.model.cubes.find((cube) => cube.name === 'orders');
    expect(orders?.accessPolicies).toMatchObject([
      {
        groups: ['*'],
        memberLevel: { includes: '*', excludes: ['average_amount'] },
        rowLevel: {
          canSeeAllRows: false,
          filters: [{ kind: 'member', member: 'status', operator: 'notEquals', values: ['deleted'] }],
        },
      },
      {
        groups: ['admins', 'finance'],
        conditions: [{ sql: '{ securityContext.is_admin }' }],
        rowLevel: { canSeeAllRows: true },
      },
    ]);
    const sales = result.model.views.find((view) => view.name === 'sales');
    expect(sales?.accessPolicies[0]?.rowLevel?.filters[0]).toMatchObject({
      kind: 'or',
      filters: [
        { kind: 'member', member: 'country', operator: 'equals' },
        { kind: 'member', member: 'status', operator: 'set', values: [] },
      ],
    });
  });

  it('applies extends: users inherits the base dimensions and table', () => {
    const users = result.model.cubes.find((cube) => cube.name === 'users');
    expect(users?.sqlTable).toBe('public.users');
    expect(users?.dimensions.map((dimension) => dimension.name)).toEqual([
      'id',
      'name',
      'city',
      'signed_up_at',
      'location',
    ]);
    // Inherited members keep the location where they were written.
    expect(users?.dimensions[0]?.location.path).toBe('cubes[0].dimensions[0]');
    // `public: false` of the base is inherited because users does not set it.
    expect(users?.isPublic).toBe(false);
    expect(users?.title).toBe('Customers');
  });

  it('lists the members a view exposes, with aliases and prefixes', () => {
    const sales = result.model.views.find((view) => view.name === 'sales');
    const cubesByName = new Map(result.model.cubes.map((cube) => [cube.name, cube]));
    expect(sales?.cubes.map((entry) => entry.joinPath.join('.'))).toEqual([
      'orders',
      'orders.users',
      'orders.users.countries',
      'orders.line_items.products',
    ]);
    const names = sales === undefined ? [] : listViewMembers(sales, cubesByName).map((member) => member.name);
    expect(names).toEqual([
      'count',
      'total_amount',
      'status',
      'created_at',
      'completion_rate',
      'customer_count',
      'customer_name',
      'customer_city',
      'customer_signed_up_at',
      'customer_location',
      'country',
      'products_category',
    ]);
  });

  it('locates fields through the source map', () => {
    const sales = result.model.views.find((view) => view.name === 'sales');
    const entry = sales?.cubes[1];
    expect(entry && locateField(result.model.sourceMap, entry.location, 'excludes[0]')).toEqual({
      fileName: 'model/views/sales.yml',
      path: 'views[0].cubes[1].excludes[0]',
      line: 21,
      column: 20,
    });
  });
});
