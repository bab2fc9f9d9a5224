import { describe, expect, it } from 'vitest';
import { compileModelFiles, parseModelFiles } from '../src/index.js';
import { compileYaml } from './compile-yaml.helper.js';

const ordersYaml = `cubes:
  - name: orders
    sql: |
      SELECT *
      FROM orders
    measures:
      - name: count
        type: count
        formt: number
`;

describe('model files', () => {
  it('reports errors of several files in one run, in file then line order', () => {
    const { errors } = compileModelFiles([
      {
        fileName: 'model/orders.yml',
        content:
          'cubes:\n  - name: orders\n    sql_table: orders\n    joins:\n      - name: customers\n        relationship: many_to_one\n        sql: "1 = 1"\n',
      },
      { fileName: 'model/users.yml', content: 'cubes:\n  - name: users\n    sql_tabel: users\n' },
      { fileName: 'model/bad.yml', content: 'cubes:\n  - name: broken\n    sql_table: [a\n' },
      { fileName: 'model/orders.js', content: 'cube(`orders`, {});\n' },
      {
        fileName: 'model/views/sales.yml',
        content:
          'views:\n  - name: sales\n    cubes:\n      - join_path: orders.users\n        includes: "*"\n',
      },
    ]);
    expect(errors.map((error) => [error.fileName, error.line, error.message])).toEqual([
      ['model/orders.yml', 5, 'cube `orders` joins unknown cube `customers`'],
      ['model/users.yml', 2, 'cube `users` is missing required key `sql_table` (or `sql`)'],
      ['model/users.yml', 3, 'unknown key `sql_tabel` in cube `users`; did you mean `sql_table`?'],
      ['model/bad.yml', 4, expect.stringContaining('YAML syntax error: Flow sequence in block collection')],
      [
        'model/orders.js',
        1,
        '`model/orders.js` is a JavaScript model file; only YAML models (.yml, .yaml) are supported',
      ],
      [
        'model/views/sales.yml',
        4,
        '`join_path` `orders.users` of view `sales`: cubes `orders` and `users` have no join between them; add a join to `orders` or `users`',
      ],
    ]);
  });

  it('reports a YAML syntax error with its line and keeps the cubes of other files', () => {
    const result = compileModelFiles([
      { fileName: 'model/good.yml', content: 'cubes:\n  - name: good\n    sql_table: good\n' },
      { fileName: 'model/tabs.yml', content: 'cubes:\n  - name: tabs\n\tsql_table: tabs\n' },
    ]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ fileName: 'model/tabs.yml', line: 3, column: 1 });
    expect(result.errors[0]?.message).toMatch(/^YAML syntax error: /);
    // The file's shape errors wait for the syntax fix, but what was recovered still counts as defined.
    expect(result.model.cubes.map((cube) => cube.name)).toEqual(['good', 'tabs']);
  });

  it('reports duplicate keys as a YAML error', () => {
    const errors = compileYaml('cubes:\n  - name: orders\n    sql_table: a\n    sql_table: b\n');
    expect(errors).toMatchObject([{ line: 4, message: 'YAML syntax error: Map keys must be unique' }]);
  });

  it('reports every other error of a file that repeats a key, since its tree is intact', () => {
    const errors = compileYaml(
      'cubes:\n  - name: orders\n    sql_table: a\n    measures:\n      - name: count\n        type: cnt\n' +
        '      - name: total\n        type: sum\n        type: sum\n        sql: amount\n        formt: number\n',
    );
    expect(errors.map((error) => [error.line, error.message])).toEqual([
      [6, expect.stringContaining('`type` in measure `orders.count` must be one of')],
      [9, 'YAML syntax error: Map keys must be unique'],
      [11, 'unknown key `formt` in measure `orders.total`; did you mean `format`?'],
    ]);
  });

  it('reports a file holding several YAML documents', () => {
    const errors = compileYaml('cubes: []\n---\nviews: []\n');
    expect(errors).toMatchObject([
      {
        line: 2,
        message:
          'YAML syntax error: a model file holds a single YAML document; move each `---` section to its own file',
      },
    ]);
  });

  it('reads CRLF files like LF files, with the same lines and no carriage returns in values', () => {
    const lf = compileModelFiles([{ fileName: 'model/orders.yml', content: ordersYaml }]);
    const crlf = compileModelFiles([
      { fileName: 'model/orders.yml', content: ordersYaml.replace(/\n/g, '\r\n') },
    ]);
    expect(crlf.errors).toEqual(lf.errors);
    expect(crlf.errors).toMatchObject([{ line: 9, path: 'cubes[0].measures[0].formt' }]);
    expect(crlf.model.cubes[0]?.sql).toBe('SELECT *\nFROM orders\n');
  });

  it('reads a file without a trailing newline, or with a byte-order mark', () => {
    const content = 'cubes:\n  - name: orders\n    sql_table: orders\n    title: [x]';
    expect(compileYaml(content)).toMatchObject([{ line: 4, column: 12, path: 'cubes[0].title' }]);
    expect(compileYaml(`\uFEFF${content}`)).toMatchObject([{ line: 4, path: 'cubes[0].title' }]);
  });

  it('accepts a file with only views, a file with only comments and an empty file', () => {
    const result = compileModelFiles([
      {
        fileName: 'model/views/sales.yaml',
        content: 'views:\n  - name: sales\n    cubes:\n      - join_path: orders\n        includes: "*"\n',
      },
      { fileName: 'model/cubes/orders.yml', content: 'cubes:\n  - name: orders\n    sql_table: orders\n' },
      { fileName: 'model/notes.yml', content: '# nothing here yet\n' },
      { fileName: 'model/empty.yml', content: '' },
    ]);
    expect(result.errors).toEqual([]);
    expect([result.cubesCount, result.viewsCount]).toEqual([1, 1]);
  });

  it('ignores files that are not models and rejects other model languages', () => {
    const { errors } = parseModelFiles([
      { fileName: 'README.md', content: '# Model' },
      { fileName: 'model/schema.json', content: '{}' },
      { fileName: 'model/orders.py', content: 'from cube import TemplateContext' },
      { fileName: 'model/orders.yml.jinja', content: 'cubes: []' },
    ]);
    expect(errors.map((error) => error.message)).toEqual([
      '`model/orders.py` is a Python model file; only YAML models (.yml, .yaml) are supported',
      '`model/orders.yml.jinja` is a Jinja model file; only YAML models (.yml, .yaml) are supported',
    ]);
  });

  it('follows anchors, aliases and merge keys', () => {
    const content = `x-amount: &amount
  sql: amount
  format: currency
cubes:
  - name: orders
    sql_table: orders
    measures:
      - name: total
        type: sum
        <<: *amount
      - name: largest
        <<: *amount
        type: max
        format: number
`;
    const result = compileModelFiles([
      { fileName: 'model/orders.yml', content: content.replace('x-amount', 'cubes_shared') },
    ]);
    // Shared blocks must live inside known keys; a top-level helper key is unknown.
    expect(result.errors.map((error) => error.message)).toEqual([
      'unknown key `cubes_shared` in the top level of the file; did you mean `cubes`?',
    ]);
    const measures = result.model.cubes[0]?.measures;
    expect(measures?.map((measure) => [measure.name, measure.type, measure.sql, measure.format])).toEqual([
      ['total', 'sum', 'amount', 'currency'],
      ['largest', 'max', 'amount', 'number'],
    ]);
  });
});

describe('errors that follow from other errors', () => {
  it('are not reported: references to a node left out for its own errors stay quiet', () => {
    const { errors } = compileModelFiles([
      {
        fileName: 'model/orders.yml',
        content: `cubes:
  - name: orders
    sql_table: orders
    joins:
      - name: user-accounts
        relationship: many_to_one
        sql: "1 = 1"
    measures:
      - name: total
        type: summ
        sql: amount
      - name: count
        type: count
        drill_members: [total]
    access_policy:
      - group: sales
        member_level:
          includes: [count, total]
  - name: user-accounts
    sql_table: users
`,
      },
      {
        fileName: 'model/sales.yml',
        content: `views:
  - name: sales
    cubes:
      - join_path: orders
        prefix: true
        includes: [count, total]
    folders:
      - name: Main
        includes: [orders_total]
`,
      },
    ]);
    expect(errors.map((error) => [error.fileName, error.line, error.path])).toEqual([
      ['model/orders.yml', 5, 'cubes[0].joins[0].name'],
      ['model/orders.yml', 10, 'cubes[0].measures[0].type'],
      ['model/orders.yml', 19, 'cubes[1].name'],
    ]);
  });
});
