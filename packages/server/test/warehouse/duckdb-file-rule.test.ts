import { mkdir, mkdtemp, readdir, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confineDuckDbFile,
  type DuckDbFileRule,
  duckDbDirectoriesOf,
} from '../../src/platform/warehouse/duckdb-file-rule.js';

/**
 * <root>/data/accounts/1/own.duckdb, <root>/data/accounts/2/theirs.duckdb, <root>/data/server.duckdb (the
 * server's own area), <root>/outside/secret.duckdb, <root>/warehouses/shared.duckdb; links in account 1.
 */
let root: string;
let data: string;
let own: string;
let theirs: string;
let outside: string;
let shared: string;
const refusal = (url: string) =>
  `PLATFORM_DB_URL "${url}" is not a DuckDB file this deployment may open: name an existing file in a directory of PLATFORM_DUCKDB_DIRS (a relative path is read in the account's own directory; inside the data directory only that directory is allowed)`;

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'duckdb-file-rule-')));
  data = join(root, 'data');
  own = join(data, 'accounts', '1', 'own.duckdb');
  theirs = join(data, 'accounts', '2', 'theirs.duckdb');
  outside = join(root, 'outside', 'secret.duckdb');
  shared = join(root, 'warehouses', 'shared.duckdb');
  for (const file of [own, theirs, outside, shared, join(data, 'server.duckdb')]) {
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, 'not really a database');
  }
  await symlink(outside, join(data, 'accounts', '1', 'link-out.duckdb'));
  await symlink(join(root, 'outside'), join(data, 'accounts', '1', 'folder-out'));
  await symlink(theirs, join(data, 'accounts', '1', 'link-theirs.duckdb'));
  await symlink(own, join(data, 'accounts', '1', 'link-own.duckdb'));
  await symlink(join(root, 'outside', 'not-yet.duckdb'), join(data, 'accounts', '1', 'dangling.duckdb'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const byDefault = (): DuckDbFileRule => ({ allowedDirectories: [data], dataDirectory: data });

async function refusalOf(url: string, rule = byDefault(), mustExist = true): Promise<string> {
  const error = await confineDuckDbFile(url, rule, 1, { mustExist }).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, url).toBeInstanceOf(Error);
  return (error as Error).message;
}

describe('the DuckDB files a deployment may open', () => {
  it('are its account’s own, by relative or absolute path, returned as real paths', async () => {
    const rule = byDefault();
    expect(await confineDuckDbFile('own.duckdb', rule, 1, { mustExist: true })).toBe(own);
    expect(await confineDuckDbFile(own, rule, 1, { mustExist: true })).toBe(own);
    expect(await confineDuckDbFile('link-own.duckdb', rule, 1, { mustExist: true })).toBe(own);
    expect(await confineDuckDbFile(`/proc/self/root${own}`, rule, 1, { mustExist: true })).toBe(own);
    expect(await confineDuckDbFile('./sub/../own.duckdb', rule, 1, { mustExist: false })).toBe(own);
  });

  it.each([
    ['an absolute path outside every allowed directory', () => outside],
    [
      'a missing file outside, with the same text as an existing one',
      () => join(root, 'outside', 'none.duckdb'),
    ],
    ['a path climbing out with ..', () => '../../../outside/secret.duckdb'],
    ['a path climbing into another account', () => '../2/theirs.duckdb'],
    ['another account’s file by absolute path', () => theirs],
    ['the server’s own files in the data directory', () => join(data, 'server.duckdb')],
    ['the data directory itself', () => data],
    ['a link out of the account', () => 'link-out.duckdb'],
    ['a linked folder out of the account', () => 'folder-out/secret.duckdb'],
    ['a link to another account’s file', () => 'link-theirs.duckdb'],
    ['/proc/self/root in front of an outside path', () => `/proc/self/root${outside}`],
    ['/proc/self/root in front of another account’s file', () => `/proc/self/root${theirs}`],
    [
      '/proc/self/cwd in front of an outside path',
      () => `/proc/self/cwd/${relative(process.cwd(), outside)}`,
    ],
    ['a folder climbing back out through a link', () => 'folder-out/../../data/accounts/2/theirs.duckdb'],
  ])('refuse %s, with one text', async (_title, urlOf) => {
    const url = urlOf();
    expect(await refusalOf(url)).toBe(refusal(url));
    expect(await refusalOf(url, byDefault(), false)).toBe(refusal(url));
  });

  it('refuse a missing or dangling file when a query opens it, with the text of a forbidden one', async () => {
    expect(await refusalOf('missing.duckdb')).toBe(refusal('missing.duckdb'));
    expect(await refusalOf('dangling.duckdb')).toBe(refusal('dangling.duckdb'));
    // When the variable is set, a file still to come is judged by where it would be.
    expect(await confineDuckDbFile('later.duckdb', byDefault(), 1, { mustExist: false })).toBe(
      join(data, 'accounts', '1', 'later.duckdb'),
    );
    expect(await readdir(join(data, 'accounts', '1'))).not.toContain('later.duckdb');
  });

  it('follow PLATFORM_DUCKDB_DIRS, and the data directory keeps accounts apart even under a listed parent', async () => {
    const listed: DuckDbFileRule = {
      allowedDirectories: [data, join(root, 'warehouses')],
      dataDirectory: data,
    };
    expect(await confineDuckDbFile(shared, listed, 1, { mustExist: true })).toBe(shared);
    expect(await confineDuckDbFile(shared, listed, 2, { mustExist: true })).toBe(shared);
    const onlyWarehouses: DuckDbFileRule = {
      allowedDirectories: [join(root, 'warehouses')],
      dataDirectory: data,
    };
    expect(await refusalOf('own.duckdb', onlyWarehouses)).toBe(refusal('own.duckdb'));
    const parent: DuckDbFileRule = { allowedDirectories: [root], dataDirectory: data };
    expect(await confineDuckDbFile(outside, parent, 1, { mustExist: true })).toBe(outside);
    expect(await refusalOf(theirs, parent)).toBe(refusal(theirs));
    expect(await refusalOf(join(data, 'server.duckdb'), parent)).toBe(refusal(join(data, 'server.duckdb')));
  });

  it('are listed colon-separated in PLATFORM_DUCKDB_DIRS, the data directory by default', () => {
    expect(duckDbDirectoriesOf(null, '/srv/data', '/work')).toEqual(['/srv/data']);
    expect(duckDbDirectoriesOf(' : ', '/srv/data', '/work')).toEqual(['/srv/data']);
    expect(duckDbDirectoriesOf('/srv/a:relative/b', '/srv/data', '/work')).toEqual([
      '/srv/a',
      '/work/relative/b',
    ]);
  });
});
