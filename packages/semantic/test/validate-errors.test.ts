import { describe, expect, it } from 'vitest';
import { compileModelFiles } from '../src/index.js';
import { compileYaml, testFileName } from './compile-yaml.helper.js';

interface ErrorCase {
  readonly title: string;
  readonly yaml: string;
  readonly message: string;
  readonly line: number;
  readonly path: string;
}

const ordersAndUsers = `cubes:
  - name: orders
    sql_table: orders
    joins:
      - name: users
        relationship: many_to_one
        sql: "{CUBE}.user_id = {users.id}"
    measures:
      - name: count
        type: count
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: status
        sql: status
        type: string
  - name: users
    sql_table: users
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: city
        sql: city
        type: string
  - name: products
    sql_table: products
    dimensions:
      - name: category
        sql: category
        type: string
`;
// Lines 1-34 above; the cases below append from line 35.

const cases: ErrorCase[] = [
  {
    title: 'duplicate member names across measures and dimensions',
    yaml: `${ordersAndUsers}    measures:\n      - name: category\n        type: count\n`,
    message:
      'measure `products.category` has the same name as the dimension at model/test.yml:32; measures, dimensions and segments of a cube need distinct names',
    line: 36,
    path: 'cubes[2].measures[0].name',
  },
  {
    title: 'a join to an unknown cube, with a suggestion',
    yaml: `${ordersAndUsers}    joins:\n      - name: user\n        relationship: many_to_one\n        sql: "1 = 1"\n`,
    message: 'cube `products` joins unknown cube `user`; did you mean `users`?',
    line: 36,
    path: 'cubes[2].joins[0].name',
  },
  {
    title: 'a join to a view',
    yaml: `${ordersAndUsers}    joins:\n      - name: sales\n        relationship: many_to_one\n        sql: "1 = 1"\nviews:\n  - name: sales\n    cubes:\n      - join_path: orders\n        includes: [count]\n`,
    message: 'cube `products` joins `sales`, which is a view; joins name cubes',
    line: 36,
    path: 'cubes[2].joins[0].name',
  },
  {
    title: 'granularities on a dimension that is not a time dimension',
    yaml: `${ordersAndUsers}      - name: launched_on\n        sql: launched_on\n        type: string\n        granularities:\n          - name: season\n            interval: 3 months\n`,
    message:
      'dimension `products.launched_on` is of type `string`; custom granularities apply to time dimensions only',
    line: 39,
    path: 'cubes[2].dimensions[1].granularities',
  },
  {
    title: 'a view join_path naming an unknown cube',
    yaml: `${ordersAndUsers}views:\n  - name: sales\n    cubes:\n      - join_path: orders.customers\n        includes: "*"\n`,
    message: '`join_path` `orders.customers` of view `sales` names unknown cube `customers`',
    line: 38,
    path: 'views[0].cubes[0].join_path',
  },
  {
    title: 'a view join_path between cubes that are not joined',
    yaml: `${ordersAndUsers}views:\n  - name: sales\n    cubes:\n      - join_path: orders.products\n        includes: [category]\n`,
    message:
      '`join_path` `orders.products` of view `sales`: cubes `orders` and `products` have no join between them; add a join to `orders` or `products`',
    line: 38,
    path: 'views[0].cubes[0].join_path',
  },
  {
    title: 'a view including an unknown member, with a suggestion',
    yaml: `${ordersAndUsers}views:\n  - name: sales\n    cubes:\n      - join_path: orders\n        includes:\n          - count\n          - statuz\n`,
    message: 'view `sales` includes unknown member `statuz` of cube `orders`; did you mean `status`?',
    line: 41,
    path: 'views[0].cubes[0].includes[1]',
  },
  {
    title: 'a view excluding an unknown member',
    yaml: `${ordersAndUsers}views:\n  - name: sales\n    cubes:\n      - join_path: orders\n        includes: "*"\n        excludes: [total]\n`,
    message: 'view `sales` excludes unknown member `total` of cube `orders`',
    line: 40,
    path: 'views[0].cubes[0].excludes[0]',
  },
  {
    title: 'a view exposing two members under one name',
    yaml: `${ordersAndUsers}views:\n  - name: sales\n    cubes:\n      - join_path: orders\n        includes: [count, id]\n      - join_path: orders.users\n        includes: [city, id]\n`,
    message:
      'view `sales` has two members named `id` (`orders.id` from model/test.yml:39 and `users.id`); use `prefix: true`, an `alias` or `excludes`',
    line: 41,
    path: 'views[0].cubes[1].includes[1]',
  },
  {
    title: 'a cube access policy naming an unknown member',
    yaml: `${ordersAndUsers}    access_policy:\n      - group: sales\n        member_level:\n          includes: [categry]\n`,
    message:
      '`member_level.includes` of an access policy of cube `products` names unknown member `categry`; did you mean `category`?',
    line: 38,
    path: 'cubes[2].access_policy[0].member_level.includes[0]',
  },
  {
    title: 'a row-level filter naming an unknown member',
    yaml: `${ordersAndUsers}    access_policy:\n      - group: sales\n        row_level:\n          filters:\n            - and:\n                - member: products.category\n                  operator: equals\n                  values: [toys]\n                - member: country\n                  operator: equals\n                  values: [FR]\n`,
    message: 'a row-level filter of an access policy of cube `products` names unknown member `country`',
    line: 43,
    path: 'cubes[2].access_policy[0].row_level.filters[0].and[1].member',
  },
  {
    title: 'a view access policy naming a member the view does not expose',
    yaml: `${ordersAndUsers}views:\n  - name: sales\n    cubes:\n      - join_path: orders\n        includes: [count]\n    access_policy:\n      - group: sales\n        member_level:\n          excludes: [status]\n`,
    message: '`member_level.excludes` of an access policy of view `sales` names unknown member `status`',
    line: 43,
    path: 'views[0].access_policy[0].member_level.excludes[0]',
  },
  {
    title: 'a hierarchy level that is not a dimension',
    yaml: `${ordersAndUsers}    hierarchies:\n      - name: catalogue\n        levels: [category, brand]\n`,
    message: 'hierarchy `products.catalogue` names unknown dimension `brand`',
    line: 37,
    path: 'cubes[2].hierarchies[0].levels[1]',
  },
  {
    title: 'drill members naming an unknown member',
    yaml: `${ordersAndUsers}    measures:\n      - name: count\n        type: count\n        drill_members: [category, users.country]\n`,
    message: 'measure `products.count` drills into unknown member `users.country`',
    line: 38,
    path: 'cubes[2].measures[0].drill_members[1]',
  },
  {
    title: 'a folder naming an unknown member',
    yaml: `${ordersAndUsers}views:\n  - name: sales\n    cubes:\n      - join_path: orders\n        includes: [count, status]\n    folders:\n      - name: Main\n        includes: [count, state]\n`,
    message: 'folder `Main` of view `sales` includes unknown member `state`; did you mean `status`?',
    line: 42,
    path: 'views[0].folders[0].includes[1]',
  },
  {
    title: 'an access policy condition that cannot be read',
    yaml: `${ordersAndUsers}    access_policy:\n      - group: managers\n        conditions:\n          - if: "{ securityContext.tier >>> 2 }"\n`,
    message:
      'condition of an access policy of cube `products`: cannot read the condition `{ securityContext.tier >>> 2 }`: unexpected `>` at character 25; expected a value',
    line: 38,
    path: 'cubes[2].access_policy[0].conditions[0].if',
  },
];

describe('validation errors', () => {
  it.each(cases)('reports $title', ({ yaml, message, line, path }) => {
    const errors = compileYaml(yaml);
    expect(errors.map((error) => error.message)).toEqual([message]);
    expect(errors[0]).toMatchObject({ fileName: testFileName, line, path });
  });

  it('allows several primary-key dimensions in one cube', () => {
    const yaml = `cubes:\n  - name: order_lines\n    sql_table: order_lines\n    dimensions:\n      - name: order_id\n        sql: order_id\n        type: number\n        primary_key: true\n      - name: line_number\n        sql: line_number\n        type: number\n        primary_key: true\n`;
    expect(compileYaml(yaml)).toEqual([]);
  });

  it('reports a cube name defined in two files at the second definition', () => {
    const { errors, cubesCount } = compileModelFiles([
      { fileName: 'model/a.yml', content: 'cubes:\n  - name: orders\n    sql_table: orders\n' },
      { fileName: 'model/b.yml', content: '# copy\ncubes:\n  - name: orders\n    sql_table: orders_copy\n' },
    ]);
    expect(errors).toEqual([
      {
        message:
          'cube `orders` is defined more than once; the first definition is cube `orders` at model/a.yml:2',
        fileName: 'model/b.yml',
        line: 3,
        column: 11,
        path: 'cubes[0].name',
      },
    ]);
    expect(cubesCount).toBe(1);
  });

  it('reports a view named like a cube: they share one namespace', () => {
    const { errors } = compileModelFiles([
      { fileName: 'model/cubes.yml', content: 'cubes:\n  - name: orders\n    sql_table: orders\n' },
      {
        fileName: 'model/views.yml',
        content: 'views:\n  - name: orders\n    cubes:\n      - join_path: orders\n        includes: "*"\n',
      },
    ]);
    expect(errors).toMatchObject([
      {
        message:
          'view `orders` is defined more than once; the first definition is cube `orders` at model/cubes.yml:2',
        fileName: 'model/views.yml',
        line: 2,
        path: 'views[0].name',
      },
    ]);
  });
});
