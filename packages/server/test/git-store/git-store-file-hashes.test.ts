import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runGit } from '../support/git-http-server.js';
import {
  author,
  createTemporaryGitStore,
  put,
  repositoryWith,
  snapshot,
  type TemporaryGitStore,
} from './temporary-git-store.js';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

describe('git store: blobs written and read directly, content hashes remembered by blob', () => {
  let git: TemporaryGitStore;
  beforeEach(async () => {
    git = await createTemporaryGitStore();
  });
  afterEach(async () => {
    await git.cleanUp();
  });

  it('lists the SHA-1 of each file, still right after a file changes and for content seen before', async () => {
    const first = await repositoryWith(git.store, 'model', { 'a.yml': 'a: 1\n', 'b/c.yml': 'c: 1\n' });
    expect(await git.store.listFileHashes('model', first)).toEqual([
      { path: 'a.yml', blobOid: expect.stringMatching(/^[0-9a-f]{40}$/), contentSha1: sha1('a: 1\n') },
      { path: 'b/c.yml', blobOid: expect.stringMatching(/^[0-9a-f]{40}$/), contentSha1: sha1('c: 1\n') },
    ]);
    const second = await git.store.commitToBranch('model', {
      branch: 'main',
      expectedHead: first,
      changes: [put('a.yml', 'a: 2\n'), put('d.yml', 'c: 1\n')],
      message: 'change a, copy c',
      author,
    });
    const hashes = Object.fromEntries(
      (await git.store.listFileHashes('model', second)).map((file) => [file.path, file.contentSha1]),
    );
    expect(hashes).toEqual({ 'a.yml': sha1('a: 2\n'), 'b/c.yml': sha1('c: 1\n'), 'd.yml': sha1('c: 1\n') });
    // The old commit still answers its own content: hashes follow blobs, never paths.
    expect((await git.store.listFileHashes('model', first))[0]?.contentSha1).toBe(sha1('a: 1\n'));
  });

  it('writes loose blobs git itself reads and verifies, and reads what git packed', async () => {
    const commit = await repositoryWith(git.store, 'model', { 'a.yml': 'a: 1\n', 'empty.yml': '' });
    const gitdir = git.gitdirOf('model');
    await runGit(['--git-dir', gitdir, 'fsck', '--strict']);
    expect(await runGit(['--git-dir', gitdir, 'show', 'main:a.yml'])).toBe('a: 1');
    // After `git gc` the objects live in a pack only: reads fall back to the packed path.
    await runGit(['--git-dir', gitdir, 'gc', '--quiet', '--prune=now']);
    expect(await snapshot(git.store, 'model', commit)).toEqual({ 'a.yml': 'a: 1\n', 'empty.yml': '' });
  });

  it('refuses a loose blob whose content does not match its name', async () => {
    const commit = await repositoryWith(git.store, 'model', { 'a.yml': 'a: 1\n' });
    const [file] = await git.store.listFiles('model', commit);
    const oid = file?.blobOid ?? '';
    const objectPath = join(git.gitdirOf('model'), 'objects', oid.slice(0, 2), oid.slice(2));
    // Another blob's bytes under this blob's name: a damaged object.
    const otherCommit = await repositoryWith(git.store, 'other', { 'x.yml': 'x: 2\n' });
    const [otherFile] = await git.store.listFiles('other', otherCommit);
    const otherOid = otherFile?.blobOid ?? '';
    const otherBytes = await readFile(
      join(git.gitdirOf('other'), 'objects', otherOid.slice(0, 2), otherOid.slice(2)),
    );
    await rm(objectPath, { force: true });
    await writeFile(objectPath, otherBytes);
    await expect(git.store.readFiles('model', commit)).rejects.toThrow(/corrupt/);
  });
});
