import { describe, expect, it } from 'vitest';
import { compileYaml, testFileName } from './compile-yaml.helper.js';

interface ErrorCase {
  readonly title: string;
  readonly yaml: string;
  readonly message: string;
  readonly line: number;
  readonly path: string;
}

const ordersWith = (measureLines: string): string =>
  `cubes:\n  - name: orders\n    sql_table: public.orders\n    measures:\n      - name: count\n        type: count\n${measureLines}`;

const cases: ErrorCase[] = [
  {
    title: 'an unknown key, with a suggestion',
    yaml: ordersWith('        formt: percent\n'),
    message: 'unknown key `formt` in measure `orders.count`; did you mean `format`?',
    line: 7,
    path: 'cubes[0].measures[0].formt',
  },
  {
    title: 'a camelCase key, pointed to its snake_case spelling',
    yaml: 'cubes:\n  - name: orders\n    sql: SELECT 1\n    dataSource: warehouse\n',
    message: 'unknown key `dataSource` in cube `orders`; did you mean `data_source`?',
    line: 4,
    path: 'cubes[0].dataSource',
  },
  {
    title: 'an unknown key without a close match',
    yaml: ordersWith('        colour: red\n'),
    message: 'unknown key `colour` in measure `orders.count`',
    line: 7,
    path: 'cubes[0].measures[0].colour',
  },
  {
    title: 'a Cube key this platform does not implement',
    yaml: ordersWith('        multi_stage: true\n'),
    message:
      'key `multi_stage` in measure `orders.count` is part of the Cube format but is not supported by this platform',
    line: 7,
    path: 'cubes[0].measures[0].multi_stage',
  },
  {
    title: 'a list where text is expected',
    yaml: ordersWith('        title: [Order count]\n'),
    message: '`title` in measure `orders.count` must be a string, got a list',
    line: 7,
    path: 'cubes[0].measures[0].title',
  },
  {
    title: 'text where a boolean is expected',
    yaml: ordersWith('        public: "yes"\n'),
    message: '`public` in measure `orders.count` must be true or false, got the text `yes`',
    line: 7,
    path: 'cubes[0].measures[0].public',
  },
  {
    title: 'an unknown measure type, with a suggestion',
    yaml: ordersWith('      - name: total\n        type: summ\n        sql: amount\n'),
    message:
      '`type` in measure `orders.total` must be one of count, count_distinct, count_distinct_approx, sum, avg, min, max, number, string, time, boolean, number_agg; got `summ`; did you mean `sum`?',
    line: 8,
    path: 'cubes[0].measures[1].type',
  },
  {
    title: 'a measure without sql',
    yaml: ordersWith('      - name: total\n        type: sum\n'),
    message:
      'measure `orders.total` is missing required key `sql` (every measure type but `count` needs one)',
    line: 7,
    path: 'cubes[0].measures[1].sql',
  },
  {
    title: 'a format that is not a format',
    yaml: ordersWith('        format: dollars\n'),
    message: '`format` in measure `orders.count` must be one of percent, currency, number; got `dollars`',
    line: 7,
    path: 'cubes[0].measures[0].format',
  },
  {
    title: 'a rolling window with a malformed interval',
    yaml: ordersWith('        rolling_window:\n          trailing: a week\n'),
    message:
      '`trailing` in `rolling_window` of measure `orders.count` must be an interval such as `7 days` or `unbounded`, got `a week`',
    line: 8,
    path: 'cubes[0].measures[0].rolling_window.trailing',
  },
  {
    title: 'synonyms that are not a list',
    yaml: ordersWith('        meta:\n          synonyms: orders\n'),
    message: '`synonyms` in `meta` of measure `orders.count` must be a list, got the text `orders`',
    line: 8,
    path: 'cubes[0].measures[0].meta.synonyms',
  },
  {
    title: 'meta that is not a map',
    yaml: ordersWith('        meta: important\n'),
    message: '`meta` in measure `orders.count` must be a map, got the text `important`',
    line: 7,
    path: 'cubes[0].measures[0].meta',
  },
  {
    title: 'a name that is not an identifier',
    yaml: 'cubes:\n  - name: 2nd-orders\n    sql_table: orders\n',
    message:
      '`name` in cube `2nd-orders` must be a name made of letters, digits and _ that does not start with a digit, got `2nd-orders`',
    line: 2,
    path: 'cubes[0].name',
  },
  {
    title: 'a cube with both sql and sql_table',
    yaml: 'cubes:\n  - name: orders\n    sql_table: orders\n    sql: SELECT * FROM orders\n',
    message: 'cube `orders` has both `sql_table` and `sql`; a cube reads from one of them',
    line: 4,
    path: 'cubes[0].sql',
  },
  {
    title: 'a cube with neither sql nor sql_table',
    yaml: 'cubes:\n  - name: orders\n    title: Orders\n',
    message: 'cube `orders` is missing required key `sql_table` (or `sql`)',
    line: 2,
    path: 'cubes[0].sql_table',
  },
  {
    title: 'a dimension without a type',
    yaml: 'cubes:\n  - name: orders\n    sql_table: orders\n    dimensions:\n      - name: status\n        sql: status\n',
    message: 'dimension `orders.status` is missing required key `type`',
    line: 5,
    path: 'cubes[0].dimensions[0].type',
  },
  {
    title: 'a dimension with both sql and case',
    yaml: `cubes:\n  - name: orders\n    sql_table: orders\n    dimensions:\n      - name: size\n        type: string\n        sql: size\n        case:\n          when:\n            - sql: "true"\n              label: any\n`,
    message:
      'dimension `orders.size` has both `sql` and `case`; a dimension takes its value from one of them',
    line: 9,
    path: 'cubes[0].dimensions[0].case',
  },
  {
    title: 'a geo dimension without longitude',
    yaml: `cubes:\n  - name: shops\n    sql_table: shops\n    dimensions:\n      - name: location\n        type: geo\n        latitude:\n          sql: lat\n`,
    message:
      'dimension `shops.location` is missing required key `longitude` (a `geo` dimension takes its value from `latitude` and `longitude`)',
    line: 5,
    path: 'cubes[0].dimensions[0].longitude',
  },
  {
    title: 'a granularity interval that is not an interval',
    yaml: `cubes:\n  - name: orders\n    sql_table: orders\n    dimensions:\n      - name: created_at\n        sql: created_at\n        type: time\n        granularities:\n          - name: fortnight\n            interval: fortnight\n`,
    message:
      '`interval` in granularity `fortnight` of dimension `orders.created_at` must be an interval such as `1 week` or `2 months`, got `fortnight`',
    line: 10,
    path: 'cubes[0].dimensions[0].granularities[0].interval',
  },
  {
    title: 'a granularity with both offset and origin',
    yaml: `cubes:\n  - name: orders\n    sql_table: orders\n    dimensions:\n      - name: created_at\n        sql: created_at\n        type: time\n        granularities:\n          - name: shifted\n            interval: 1 week\n            offset: 1 day\n            origin: "2024-01-01"\n`,
    message:
      'granularity `shifted` of dimension `orders.created_at` has both `offset` and `origin`; keep one',
    line: 12,
    path: 'cubes[0].dimensions[0].granularities[0].origin',
  },
  {
    title: 'an unknown join relationship',
    yaml: `cubes:\n  - name: orders\n    sql_table: orders\n    joins:\n      - name: orders\n        relationship: many_to_many\n        sql: "1 = 1"\n`,
    message:
      '`relationship` in join `orders` → `orders` must be one of many_to_one, one_to_many, one_to_one; got `many_to_many`; did you mean `many_to_one`?',
    line: 6,
    path: 'cubes[0].joins[0].relationship',
  },
  {
    title: 'an access policy without a group',
    yaml: `cubes:\n  - name: orders\n    sql_table: orders\n    access_policy:\n      - row_level:\n          allow_all: true\n`,
    message: 'access policy #1 of cube `orders` needs `group` or `groups`',
    line: 5,
    path: 'cubes[0].access_policy[0]',
  },
  {
    title: 'a row-level filter with an unknown operator',
    yaml: `cubes:\n  - name: orders\n    sql_table: orders\n    dimensions:\n      - name: status\n        sql: status\n        type: string\n    access_policy:\n      - group: sales\n        row_level:\n          filters:\n            - member: status\n              operator: equal\n              values: [open]\n`,
    message: 'did you mean `equals`?',
    line: 13,
    path: 'cubes[0].access_policy[0].row_level.filters[0].operator',
  },
  {
    title: 'a row-level filter without values',
    yaml: `cubes:\n  - name: orders\n    sql_table: orders\n    dimensions:\n      - name: status\n        sql: status\n        type: string\n    access_policy:\n      - group: sales\n        row_level:\n          filters:\n            - member: status\n              operator: equals\n`,
    message:
      'filter `filters[0]` in `row_level` of access policy for group `sales` of cube `orders` is missing required key `values`',
    line: 12,
    path: 'cubes[0].access_policy[0].row_level.filters[0].values',
  },
  {
    title: 'row_level with both filters and allow_all',
    yaml: `cubes:\n  - name: orders\n    sql_table: orders\n    dimensions:\n      - name: status\n        sql: status\n        type: string\n    access_policy:\n      - group: sales\n        row_level:\n          allow_all: true\n          filters:\n            - member: status\n              operator: set\n`,
    message:
      '`row_level` of access policy for group `sales` of cube `orders` has both `filters` and `allow_all: true`; keep one',
    line: 11,
    path: 'cubes[0].access_policy[0].row_level.allow_all',
  },
  {
    title: 'a malformed join_path',
    yaml: `views:\n  - name: sales\n    cubes:\n      - join_path: orders..users\n        includes: "*"\n`,
    message:
      '`join_path` in `cubes` entry `orders..users` of view `sales` must be cube names separated by dots, such as `orders.users`, got `orders..users`',
    line: 4,
    path: 'views[0].cubes[0].join_path',
  },
  {
    title: 'includes that are neither "*" nor a list',
    yaml: `cubes:\n  - name: orders\n    sql_table: orders\nviews:\n  - name: sales\n    cubes:\n      - join_path: orders\n        includes: all\n`,
    message:
      '`includes` in `cubes` entry `orders` of view `sales` must be "*" or a list of member names, got the text `all`',
    line: 8,
    path: 'views[0].cubes[0].includes',
  },
  {
    title: 'a misspelt top-level key',
    yaml: 'cube:\n  - name: orders\n',
    message: 'unknown key `cube` in the top level of the file; did you mean `cubes`?',
    line: 1,
    path: 'cube',
  },
  {
    title: 'a file that is a list',
    yaml: '- name: orders\n',
    message: 'a model file must be a map with `cubes` and/or `views` lists, got a list',
    line: 1,
    path: '',
  },
  {
    title: 'cubes that are not a list',
    yaml: 'cubes:\n  name: orders\n',
    message: '`cubes` in the top level of the file must be a list, got a map',
    line: 2,
    path: 'cubes',
  },
];

describe('parse errors', () => {
  it.each(cases)('reports $title', ({ yaml, message, line, path }) => {
    const errors = compileYaml(yaml);
    expect(errors).toHaveLength(1);
    const [error] = errors;
    expect(error?.message).toContain(message);
    expect(error?.fileName).toBe(testFileName);
    expect(error?.line).toBe(line);
    expect(error?.path ?? '').toBe(path);
    expect(error?.column).toBeGreaterThan(0);
  });

  it('reports every error of a file in one run, in line order', () => {
    const errors = compileYaml(
      ordersWith(
        '        formt: percent\n      - name: total\n        type: sum\n      - name: 3rd\n        type: max\n        sql: x\n',
      ),
    );
    expect(errors.map((error) => [error.line, error.path])).toEqual([
      [7, 'cubes[0].measures[0].formt'],
      [8, 'cubes[0].measures[1].sql'],
      [10, 'cubes[0].measures[2].name'],
    ]);
  });
});
