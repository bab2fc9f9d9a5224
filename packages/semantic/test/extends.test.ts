import { describe, expect, it } from 'vitest';
import { compileModelFiles } from '../src/index.js';
import { compileYaml } from './compile-yaml.helper.js';

const baseEvents = `cubes:
  - name: base_events
    sql_table: events
    public: false
    description: Every tracked event.
    joins:
      - name: users
        relationship: many_to_one
        sql: "{CUBE}.user_id = {users.id}"
    measures:
      - name: count
        type: count
      - name: value
        type: sum
        sql: value
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: kind
        sql: kind
        type: string
  - name: users
    sql_table: users
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
`;

describe('extends', () => {
  it('copies the parent members and fields the child does not set, across files', () => {
    const result = compileModelFiles([
      { fileName: 'model/base.yml', content: baseEvents },
      {
        fileName: 'model/clicks.yml',
        content: `cubes:
  - name: clicks
    extends: base_events
    sql: SELECT * FROM events WHERE kind = 'click'
    public: true
    measures:
      - name: value
        type: max
        sql: value
      - name: unique_users
        type: count_distinct
        sql: user_id
`,
      },
    ]);
    expect(result.errors).toEqual([]);
    const clicks = result.model.cubes.find((cube) => cube.name === 'clicks');
    expect(clicks).toMatchObject({
      sql: "SELECT * FROM events WHERE kind = 'click'",
      sqlTable: undefined,
      isPublic: true,
      description: 'Every tracked event.',
      extends: 'base_events',
    });
    expect(clicks?.measures.map((measure) => `${measure.name}:${measure.type}`)).toEqual([
      'count:count',
      'value:max',
      'unique_users:count_distinct',
    ]);
    expect(clicks?.dimensions.map((dimension) => dimension.name)).toEqual(['id', 'kind']);
    expect(clicks?.joins.map((join) => join.name)).toEqual(['users']);
    // The parent itself is unchanged.
    const base = result.model.cubes.find((cube) => cube.name === 'base_events');
    expect(base?.measures.map((measure) => measure.type)).toEqual(['count', 'sum']);
  });

  it('applies a chain of extends in any file order', () => {
    const result = compileModelFiles([
      {
        fileName: 'model/c.yml',
        content:
          'cubes:\n  - name: c\n    extends: b\n    dimensions:\n      - name: three\n        sql: three\n        type: string\n',
      },
      {
        fileName: 'model/b.yml',
        content:
          'cubes:\n  - name: b\n    extends: a\n    dimensions:\n      - name: two\n        sql: two\n        type: string\n',
      },
      {
        fileName: 'model/a.yml',
        content:
          'cubes:\n  - name: a\n    sql_table: a\n    dimensions:\n      - name: one\n        sql: one\n        type: string\n',
      },
    ]);
    expect(result.errors).toEqual([]);
    const c = result.model.cubes.find((cube) => cube.name === 'c');
    expect(c?.sqlTable).toBe('a');
    expect(c?.dimensions.map((dimension) => dimension.name)).toEqual(['one', 'two', 'three']);
  });

  it('lets views and access policies use inherited members', () => {
    const errors = compileYaml(`${baseEvents}  - name: clicks
    extends: base_events
    access_policy:
      - group: analysts
        member_level:
          includes: [count, kind]
views:
  - name: activity
    cubes:
      - join_path: clicks.users
        includes: [id]
        prefix: true
      - join_path: clicks
        includes: [count, kind]
`);
    expect(errors).toEqual([]);
  });

  it('reports an unknown parent, with a suggestion', () => {
    const errors = compileYaml(`${baseEvents}  - name: clicks\n    extends: base_event\n`);
    expect(errors).toMatchObject([
      {
        message: 'cube `clicks` extends unknown cube `base_event`; did you mean `base_events`?',
        line: 32,
        path: 'cubes[2].extends',
      },
    ]);
  });

  it('reports a cycle once and does not report the missing table it causes', () => {
    const errors = compileYaml('cubes:\n  - name: a\n    extends: b\n  - name: b\n    extends: a\n');
    expect(errors).toMatchObject([
      { message: 'cube `b` extends itself: b → a → b', line: 5, path: 'cubes[1].extends' },
    ]);
    expect(compileYaml('cubes:\n  - name: a\n    extends: a\n')).toMatchObject([
      { message: 'cube `a` extends itself: a → a', line: 3 },
    ]);
  });

  it('reports a cube extending a view', () => {
    const errors = compileYaml(
      'cubes:\n  - name: a\n    extends: v\n  - name: t\n    sql_table: t\nviews:\n  - name: v\n    cubes:\n      - join_path: t\n        includes: "*"\n',
    );
    expect(errors.map((error) => error.message)).toEqual([
      'cube `a` extends `v`, which is a view; a cube can only extend a cube',
    ]);
  });

  it('reports a table missing from the whole chain once, at the root of the chain', () => {
    const errors = compileYaml(
      'cubes:\n  - name: a\n    title: A\n    extends: b\n  - name: b\n    extends: a_base\n  - name: a_base\n    title: Base\n',
    );
    expect(errors.map((error) => [error.line, error.message])).toEqual([
      [7, 'cube `a_base` is missing required key `sql_table` (or `sql`)'],
    ]);
  });

  it('reports errors in inherited parts once, at the parent', () => {
    const errors = compileYaml(
      `${baseEvents.replace('name: users\n        relationship', 'name: userz\n        relationship')}  - name: clicks\n    extends: base_events\n  - name: views_cube\n    extends: base_events\n`,
    );
    expect(errors.map((error) => [error.line, error.message])).toEqual([
      [7, 'cube `base_events` joins unknown cube `userz`; did you mean `users`?'],
    ]);
  });

  it('adds the cubes of an extended view to its parent view', () => {
    const result = compileModelFiles([
      { fileName: 'model/base.yml', content: baseEvents },
      {
        fileName: 'model/views.yml',
        content: `views:
  - name: events_view
    cubes:
      - join_path: base_events
        includes: [count]
  - name: events_with_users
    extends: events_view
    cubes:
      - join_path: base_events.users
        prefix: true
        includes: [id]
`,
      },
    ]);
    expect(result.errors).toEqual([]);
    const view = result.model.views.find((candidate) => candidate.name === 'events_with_users');
    expect(view?.cubes.map((entry) => entry.joinPath.join('.'))).toEqual([
      'base_events',
      'base_events.users',
    ]);
  });
});
