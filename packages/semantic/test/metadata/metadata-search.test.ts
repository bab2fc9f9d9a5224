import { describe, expect, it } from 'vitest';
import {
  type AccessCaller,
  compileDataModel,
  compileModelFiles,
  createMetadataSearchIndex,
  type MetadataSearchResult,
  resolveAccess,
  searchTerms,
} from '../../src/index.js';
import { generateModelFiles } from '../fixtures/generated-model.fixture.js';

const searchYaml = `cubes:
  - name: orders
    sql_table: shop.orders
    description: Orders placed in the web shop.
    joins:
      - name: customers
        relationship: many_to_one
        sql: "{CUBE}.customer_id = {customers.id}"
    measures:
      - name: count
        type: count
      - name: total_amount
        type: sum
        sql: amount
        meta:
          synonyms: [revenue, turnover]
      - name: discount
        type: sum
        sql: discount
        description: Reduction from the list price.
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: shipped_at
        sql: shipped_at
        type: time
      - name: internal_flag
        sql: flag
        type: string
        public: false
  - name: customers
    sql_table: shop.customers
    meta:
      synonyms: [clients, buyers]
    measures:
      - name: lifetimeValue
        type: sum
        sql: ltv
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: country
        sql: country
        type: string
      - name: city
        sql: city
        type: string
    access_policy:
      - group: sales
  - name: products
    sql_table: shop.products
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: category
        sql: category
        type: string
      - name: price
        sql: price
        type: number
views:
  - name: sales_overview
    description: Revenue with customer geography.
    cubes:
      - join_path: orders
        includes: [total_amount, count]
      - join_path: orders.customers
        includes: [country]
`;

const compiled = compileModelFiles([{ fileName: 'model/search.yml', content: searchYaml }]);
const model = compileDataModel(compiled.model);
const index = createMetadataSearchIndex(model);
const salesCaller: AccessCaller = { groups: ['sales'], securityContext: {}, userAttributes: {} };
const outsider: AccessCaller = { groups: [], securityContext: {}, userAttributes: {} };

function search(text: string, caller = salesCaller, limit?: number): MetadataSearchResult {
  return index.search(text, {
    scope: resolveAccess(model, caller),
    ...(limit === undefined ? {} : { limit }),
  });
}

const sourceNames = (result: MetadataSearchResult) => result.cubes.map((cube) => cube.name);
const firstMembers = (result: MetadataSearchResult) => result.cubes.map((cube) => cube.members[0]?.name);

describe('metadata search', () => {
  it('starts from a valid model', () => {
    expect(compiled.errors).toEqual([]);
  });

  it('finds a measure by a synonym and puts it first in its source', () => {
    const result = search('revenue');
    expect(result.searchQuery).toBe('revenue');
    expect(sourceNames(result)).toEqual(['orders', 'sales_overview', 'customers']);
    expect(firstMembers(result).slice(0, 2)).toEqual(['orders.total_amount', 'sales_overview.total_amount']);
    expect(result.cubes[0]?.members[0]).toEqual({
      name: 'orders.total_amount',
      title: 'Orders Total Amount',
      kind: 'measure',
      type: 'number',
      aggType: 'sum',
      synonyms: ['revenue', 'turnover'],
    });
  });

  it('returns synonyms with the sources and members that have them, and only those', () => {
    const result = search('turnover clients');
    const orders = result.cubes.find((cube) => cube.name === 'orders');
    const customers = result.cubes.find((cube) => cube.name === 'customers');
    expect(orders?.members[0]).toMatchObject({
      name: 'orders.total_amount',
      synonyms: ['revenue', 'turnover'],
    });
    expect(orders).not.toHaveProperty('synonyms');
    expect(orders?.members.find((member) => member.name === 'orders.count')).not.toHaveProperty('synonyms');
    expect(customers?.synonyms).toEqual(['clients', 'buyers']);
  });

  it('ranks the source covering most words of the question first', () => {
    const result = search('What is the revenue by country?');
    expect(sourceNames(result)[0]).toBe('sales_overview');
    expect(
      result.cubes[0]?.members
        .slice(0, 2)
        .map((member) => member.name)
        .sort(),
    ).toEqual(['sales_overview.country', 'sales_overview.total_amount']);
    expect(sourceNames(result).slice(1).sort()).toEqual(['customers', 'orders']);
  });

  it('matches plurals, verb forms, camelCase and prefixes', () => {
    expect(firstMembers(search('categories'))).toEqual(['products.category']);
    expect(firstMembers(search('shipping date'))[0]).toBe('orders.shipped_at');
    expect(firstMembers(search('lifetime value'))[0]).toBe('customers.lifetimeValue');
    expect(firstMembers(search('countries')).slice(0, 2)).toEqual([
      'customers.country',
      'sales_overview.country',
    ]);
    expect(firstMembers(search('rev'))[0]).toBe('orders.total_amount');
  });

  it('weights names above descriptions', () => {
    expect(sourceNames(search('price')).slice(0, 2)).toEqual(['products', 'orders']);
    expect(firstMembers(search('price')).slice(0, 2)).toEqual(['products.price', 'orders.discount']);
  });

  it('brings the members of a source that matches by its name or synonyms', () => {
    const result = search('clients');
    expect(sourceNames(result)[0]).toBe('customers');
    expect(result.cubes[0]?.members.map((member) => member.name)).toEqual([
      'customers.lifetimeValue',
      'customers.country',
      'customers.city',
    ]);
    expect(result.cubes[0]?.members[0]).toMatchObject({ kind: 'measure', aggType: 'sum' });
  });

  it('says which visible cubes each cube joins, and brings those of the results while under the limit', () => {
    const result = search('clients');
    expect(sourceNames(result)).toEqual(['customers', 'orders']);
    expect(result.cubes.map((cube) => cube.joins)).toEqual([['orders'], ['customers']]);
    expect(sourceNames(search('clients', salesCaller, 1))).toEqual(['customers']);
    expect(search('', salesCaller).cubes.map((cube) => [cube.name, cube.joins])).toEqual([
      ['orders', ['customers']],
      ['customers', ['orders']],
      ['products', undefined],
      ['sales_overview', undefined],
    ]);
    // why: the outsider may not see customers, so orders is listed as joining nothing they can query.
    expect(search('revenue', outsider).cubes.map((cube) => [cube.name, cube.joins])).toEqual([
      ['orders', undefined],
      ['sales_overview', undefined],
    ]);
  });

  it('lists sources in model order for an empty question or one of stop words only', () => {
    expect(sourceNames(search(''))).toEqual(['orders', 'customers', 'products', 'sales_overview']);
    expect(sourceNames(search('what is the'))).toEqual(['orders', 'customers', 'products', 'sales_overview']);
    expect(sourceNames(search('', salesCaller, 2))).toEqual(['orders', 'customers']);
    expect(search('nothing matches zzzz').cubes).toEqual([]);
  });

  it('never shows what the scope hides, nor lets it rank a source', () => {
    expect(sourceNames(search('country', outsider))).toEqual([]);
    expect(sourceNames(search('revenue by country', outsider))).toEqual(['orders', 'sales_overview']);
    const overview = search('', outsider).cubes.find((cube) => cube.name === 'sales_overview');
    expect(overview?.members.map((member) => member.name)).toEqual([
      'sales_overview.total_amount',
      'sales_overview.count',
    ]);
    expect(sourceNames(search('clients', outsider))).toEqual([]);
  });

  it('never shows members that are not public', () => {
    expect(search('internal flag').cubes).toEqual([]);
    const orders = search('orders').cubes.find((cube) => cube.name === 'orders');
    expect(orders?.members.map((member) => member.name)).not.toContain('orders.internal_flag');
    expect(orders?.members.map((member) => member.name)).not.toContain('orders.id');
  });

  it('searches a large generated model', () => {
    const generated = compileModelFiles(generateModelFiles(200));
    expect(generated.errors).toEqual([]);
    const bigModel = compileDataModel(generated.model);
    const scope = resolveAccess(bigModel, outsider);
    const result = createMetadataSearchIndex(bigModel).search('entity 137 amount', { scope, limit: 3 });
    expect(result.cubes[0]?.name).toBe('cube_137');
    expect(result.cubes[0]?.members[0]?.name).toBe('cube_137.amount');
    expect(result.cubes).toHaveLength(3);
  });
});

describe('search terms', () => {
  it('splits, lowercases, drops stop words and stems', () => {
    expect(searchTerms('Show me the totalAmount of ORDERS by shipping_country!')).toEqual([
      'total',
      'amount',
      'order',
      'ship',
      'country',
    ]);
    expect(searchTerms('categories boxes statuses prices pricing price created creating')).toEqual([
      'category',
      'box',
      'status',
      'pric',
      'creat',
    ]);
  });
});
