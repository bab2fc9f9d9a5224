import { describe, expect, it } from 'vitest';
import { queryOfAssignments } from '../src/commands/api.command.js';
import { operationsOfDocument, specQueryOf } from '../src/commands/spec.command.js';
import { envVariablesOf } from '../src/commands/variables.command.js';
import { formatKeyValues } from '../src/output/key-values.js';
import { formatTable } from '../src/output/table.js';
import { runInProcess } from './support/in-process-cli.js';
import { recordingFetch } from './support/recording-fetch.js';

describe('human output', () => {
  it('aligns table columns and shows absent values as -', () => {
    const table = formatTable(
      [
        { header: 'ID', value: (row: { id: number; name: string | null }) => row.id },
        { header: 'NAME', value: (row: { id: number; name: string | null }) => row.name },
      ],
      [
        { id: 1, name: 'a' },
        { id: 100, name: null },
      ],
    );
    expect(table).toBe('ID   NAME\n1    a\n100  -');
  });

  it('aligns key-value lines', () => {
    expect(
      formatKeyValues([
        ['id', 1],
        ['long name', true],
        ['list', [1, 2]],
      ]),
    ).toBe('id:         1\nlong name:  yes\nlist:       1,2');
  });
});

describe('argument helpers', () => {
  it('turns NAME=VALUE and --unset into one upsert, splitting at the first =', () => {
    expect(envVariablesOf(['A=1', 'B=x=y', 'C='], ['D'])).toEqual([
      { name: 'A', value: '1' },
      { name: 'B', value: 'x=y' },
      { name: 'C', value: '' },
      { name: 'D', value: null },
    ]);
    expect(() => envVariablesOf(['=1'], [])).toThrow(/NAME=VALUE/);
    expect(() => envVariablesOf([], [])).toThrow(/at least one/);
  });

  it('keeps repeated -q keys as repeated query parameters', () => {
    expect(queryOfAssignments(['types=FOLDER', 'types=REPORT', 'q=a=b'])).toEqual({
      types: ['FOLDER', 'REPORT'],
      q: ['a=b'],
    });
  });

  it('asks the spec for a known operationId exactly, and searches anything else', () => {
    expect(specQueryOf(undefined)).toEqual({});
    expect(specQueryOf('getUser')).toEqual({ operationId: ['getUser'] });
    expect(specQueryOf('users')).toEqual({ search: 'users' });
  });

  it('lists the operations of an OpenAPI document', () => {
    const document = {
      paths: { '/a': { get: { operationId: 'getA', summary: 'A' }, parameters: [] }, '/b': { post: {} } },
    };
    expect(operationsOfDocument(document)).toEqual([
      { method: 'GET', path: '/a', operationId: 'getA', summary: 'A' },
      { method: 'POST', path: '/b', operationId: '', summary: '' },
    ]);
  });
});

describe('exit codes and error output', () => {
  it('prints API errors as "error: <status> <message> (request id ...)" and exits 1', async () => {
    const recorder = recordingFetch(() => ({
      status: 403,
      body: {
        statusCode: 403,
        code: 'FORBIDDEN',
        error: 'Forbidden',
        message: 'needs UsersManage',
        requestId: 'r1',
      },
    }));
    const result = await runInProcess(['users', 'delete', '4'], recorder);
    expect(result).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'error: 403 needs UsersManage (request id r1)\n',
    });
  });

  it('exits 2 on usage errors before any request is sent', async () => {
    const recorder = recordingFetch(() => ({ status: 200, body: {} }));
    for (const args of [
      ['users', 'get', '0'],
      ['users', 'bulk', '--action', 'EXPLODE', '1'],
      ['deployments', 'create'],
      ['variables', 'set', '1'],
      ['api', 'G E T', '/x'],
      ['nonsense'],
      [],
    ]) {
      const result = await runInProcess(args, recorder);
      expect(result.exitCode, args.join(' ')).toBe(2);
    }
    expect(recorder.requests).toEqual([]);
  });

  it('sends the bulk action with every id, commas or spaces', async () => {
    const recorder = recordingFetch(() => ({
      status: 200,
      body: { action: 'DELETE', succeeded: [1, 2, 3], failed: [] },
    }));
    const result = await runInProcess(['users', 'bulk', '--action', 'DELETE', '1,2', '3'], recorder);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(recorder.requests[0]?.body).toEqual({ action: 'DELETE', userIds: [1, 2, 3] });
    expect(result.stdout).toContain('succeeded:  1,2,3');
  });

  it('follows cursors with --all and reports the last page', async () => {
    const recorder = recordingFetch((request) => {
      const after = request.url.searchParams.get('after');
      const page = after === null ? 1 : Number(after);
      return {
        status: 200,
        body: {
          items: [{ id: page, name: `d${page}`, creationStep: 'ready', deploymentUrl: 'u' }],
          pageInfo: { endCursor: String(page + 1), hasNextPage: page < 3 },
        },
      };
    });
    const result = await runInProcess(['deployments', 'list', '--all', '--first', '1', '--json'], recorder);
    expect(JSON.parse(result.stdout).items.map((item: { id: number }) => item.id)).toEqual([1, 2, 3]);
    expect(recorder.requests.map((request) => request.url.search)).toEqual([
      '?first=1',
      '?first=1&after=2',
      '?first=1&after=3',
    ]);
  });

  it('hints at the next page in human output, on stderr', async () => {
    const recorder = recordingFetch(() => ({
      status: 200,
      body: { items: [], pageInfo: { endCursor: 'c2', hasNextPage: true } },
    }));
    const result = await runInProcess(['users', 'list'], recorder);
    expect(result.stderr).toContain('--after c2');
  });
});
