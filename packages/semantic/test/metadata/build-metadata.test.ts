import { describe, expect, it } from 'vitest';
import { buildMetadata, compileDataModel, compileModelFiles, resolveAccess } from '../../src/index.js';
import { compileAccessModel } from '../access/access-model.fixture.js';

const shopYaml = `cubes:
  - name: raw_orders
    sql_table: shop.orders
    title: Raw orders
    description: Every order, as loaded.
    public: false
    meta:
      owner: data-team
    measures:
      - name: buyers
        type: count_distinct
        sql: user_id
        description: Distinct buyers.
      - name: revenue
        type: sum
        sql: amount
        format: currency
        meta:
          synonyms: [turnover, sales]
      - name: weekly_revenue
        type: sum
        sql: amount
        rolling_window:
          trailing: 7 days
      - name: last_status
        type: string
        sql: max(status)
      - name: last_order_at
        type: time
        sql: max(created_at)
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
        public: true
      - name: created_at
        sql: created_at
        type: time
        granularities:
          - name: fiscal_year
            interval: 1 year
            offset: 3 months
          - name: sprint
            title: Two-week sprint
            interval: 2 weeks
            origin: "2024-01-01"
      - name: secret
        sql: secret
        type: string
        public: false
    segments:
      - name: big
        sql: "{CUBE}.amount > 100"
        title: Big orders
views:
  - name: curated
    title: Curated orders
    cubes:
      - join_path: raw_orders
        includes:
          - buyers
          - secret
          - name: revenue
            alias: sales_amount
            title: Sales amount
          - created_at
          - big
`;

function compile(content: string) {
  const result = compileModelFiles([{ fileName: 'model/shop.yml', content }]);
  expect(result.errors).toEqual([]);
  return compileDataModel(result.model);
}

const everyone = { groups: [], securityContext: {}, userAttributes: {} };

describe('buildMetadata', () => {
  it('lists public sources and members in the Cube meta shape', () => {
    const model = compile(shopYaml.replace('    public: false\n    meta:', '    meta:'));
    const metadata = buildMetadata(model, resolveAccess(model, everyone));
    const rawOrders = metadata.cubes.find((cube) => cube.name === 'raw_orders');
    expect(rawOrders).toMatchObject({
      type: 'cube',
      title: 'Raw orders',
      description: 'Every order, as loaded.',
      isVisible: true,
      public: true,
      meta: { owner: 'data-team' },
    });
    expect(rawOrders?.measures).toEqual([
      {
        name: 'raw_orders.buyers',
        title: 'Raw orders Buyers',
        shortTitle: 'Buyers',
        description: 'Distinct buyers.',
        type: 'number',
        aggType: 'countDistinct',
        cumulative: false,
        isVisible: true,
        public: true,
      },
      {
        name: 'raw_orders.revenue',
        title: 'Raw orders Revenue',
        shortTitle: 'Revenue',
        type: 'number',
        aggType: 'sum',
        cumulative: false,
        isVisible: true,
        public: true,
        format: 'currency',
        meta: { synonyms: ['turnover', 'sales'] },
        synonyms: ['turnover', 'sales'],
      },
      expect.objectContaining({ name: 'raw_orders.weekly_revenue', cumulative: true }),
      expect.objectContaining({ name: 'raw_orders.last_status', type: 'string', aggType: 'string' }),
      expect.objectContaining({ name: 'raw_orders.last_order_at', type: 'time', aggType: 'time' }),
    ]);
    expect(rawOrders?.dimensions.map((dimension) => dimension.name)).toEqual([
      'raw_orders.id',
      'raw_orders.created_at',
    ]);
    expect(rawOrders?.dimensions[0]).toMatchObject({ type: 'number', primaryKey: true });
    expect(rawOrders?.dimensions[1]?.granularities).toEqual([
      { name: 'fiscal_year', title: 'Fiscal Year', interval: '1 year', offset: '3 months' },
      { name: 'sprint', title: 'Two-week sprint', interval: '2 weeks', origin: '2024-01-01' },
    ]);
    expect(rawOrders?.segments).toEqual([
      {
        name: 'raw_orders.big',
        title: 'Raw orders Big orders',
        shortTitle: 'Big orders',
        isVisible: true,
        public: true,
      },
    ]);
  });

  it('leaves out non-public cubes but shows their public members through a view, renamed', () => {
    const model = compile(shopYaml);
    const metadata = buildMetadata(model, resolveAccess(model, everyone));
    expect(metadata.cubes.map((cube) => cube.name)).toEqual(['curated']);
    const curated = metadata.cubes[0];
    expect(curated?.measures.map((measure) => [measure.name, measure.title])).toEqual([
      ['curated.buyers', 'Curated orders Buyers'],
      ['curated.sales_amount', 'Curated orders Sales amount'],
    ]);
    expect(curated?.dimensions.map((dimension) => dimension.name)).toEqual(['curated.created_at']);
    expect(curated?.segments.map((segment) => segment.name)).toEqual(['curated.big']);
  });

  it('leaves out sources and members the scope hides', () => {
    const model = compileAccessModel();
    const scope = resolveAccess(model, {
      groups: [],
      securityContext: { regions: ['EU'] },
      userAttributes: {},
    });
    const metadata = buildMetadata(model, scope);
    expect(metadata.cubes.map((cube) => cube.name)).toEqual(['orders', 'products', 'order_report']);
    const orders = metadata.cubes[0];
    expect(orders?.measures.map((measure) => measure.name)).toEqual(['orders.count', 'orders.total']);
    expect(orders?.dimensions.map((dimension) => dimension.name)).toEqual([
      'orders.status',
      'orders.region',
      'orders.created_at',
    ]);
    const report = metadata.cubes[2];
    expect([...(report?.measures ?? []), ...(report?.dimensions ?? [])].map((member) => member.name)).toEqual(
      [
        'order_report.count',
        'order_report.total',
        'order_report.status',
        'order_report.region',
        'order_report.created_at',
        'order_report.category',
      ],
    );
    const support = buildMetadata(
      model,
      resolveAccess(model, { groups: ['support', 'analysts'], securityContext: {}, userAttributes: {} }),
    );
    expect(support.cubes.map((cube) => cube.name)).toEqual([
      'orders',
      'products',
      'order_report',
      'secure_orders',
    ]);
    expect(support.cubes[3]?.measures.map((measure) => measure.name)).toEqual([
      'secure_orders.count',
      'secure_orders.total',
    ]);
  });
});
