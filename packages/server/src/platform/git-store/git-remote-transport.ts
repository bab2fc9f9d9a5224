import { execFile } from 'node:child_process';
import {
  type AuthCallback,
  fetch,
  getConfig,
  push,
  readObject,
  setConfig,
  type TagObject,
} from 'isomorphic-git';
import { request } from 'isomorphic-git/http/node';
import { checkFileRemote, type FileRemotePolicy } from './file-remote-policy.js';
import type { GitRemote } from './git-store.js';
import { GitRemoteError } from './git-store-errors.js';
import { branchRef, remoteTrackingRef } from './ref-names.js';
import { describeRemoteFailure, type ParsedRemote } from './remote-failure.js';
import { codeOf, gitOptions, type RepositoryContext } from './repository-context.js';

const http = { request };
const fetchRefspec = '+refs/heads/*:refs/remotes/origin/*';
const commandTimeoutMilliseconds = 120_000;
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Fetches `branch` into `refs/remotes/origin/<branch>` and returns the commit it points at. */
export async function fetchFromRemote(context: RepositoryContext, remote: GitRemote, branch: string) {
  const parsed = await parseRemote(remote, context.fileRemotePolicy);
  const tracking = remoteTrackingRef(branch);
  try {
    if (parsed.kind === 'file') {
      await fetchWithGit(context, parsed.url, `+${branchRef(branch)}:${tracking}`);
    } else {
      // isomorphic-git writes fetched refs through the `remote.origin.fetch` refspec, so it must exist.
      if ((await getConfig({ ...gitOptions(context), path: 'remote.origin.fetch' })) === undefined) {
        await setConfig({ ...gitOptions(context), path: 'remote.origin.fetch', value: fetchRefspec });
      }
      const result = await fetch({
        ...gitOptions(context),
        ...authOptions(parsed),
        http,
        url: parsed.url,
        remote: 'origin',
        ref: branch,
        remoteRef: branchRef(branch),
        singleBranch: true,
        tags: false,
      });
      if (!result.fetchHead)
        throw new GitRemoteError('not-found', `The remote ${parsed.displayUrl} is empty`);
    }
  } catch (error) {
    throw describeRemoteFailure(error, parsed, `fetch ${branch} from`);
  }
  const head = await context.refs.read(tracking);
  if (head === null)
    throw new GitRemoteError('not-found', `Branch ${branch} not found on ${parsed.displayUrl}`);
  return head;
}

/**
 * Fetches a branch, or a tag when no branch has that name, and returns the commit it names (an annotated
 * tag is peeled). A tag is kept under `refs/remote-tags/origin/<tag>`.
 */
export async function fetchRefFromRemote(context: RepositoryContext, remote: GitRemote, ref: string) {
  try {
    return await fetchFromRemote(context, remote, ref);
  } catch (error) {
    if (!(error instanceof GitRemoteError && error.reason === 'not-found' && /branch/i.test(error.message)))
      throw error;
  }
  const parsed = await parseRemote(remote, context.fileRemotePolicy);
  const tagRef = `refs/tags/${ref}`;
  const kept = `refs/remote-tags/origin/${ref}`;
  let fetched: string | null;
  try {
    if (parsed.kind === 'file') {
      await fetchWithGit(context, parsed.url, `+${tagRef}:${kept}`);
      fetched = await context.refs.read(kept);
    } else {
      const result = await fetch({
        ...gitOptions(context),
        ...authOptions(parsed),
        http,
        url: parsed.url,
        ref: tagRef,
        remoteRef: tagRef,
        singleBranch: true,
        tags: false,
      });
      fetched = result.fetchHead;
      if (fetched) await context.refs.write(kept, fetched);
    }
  } catch (error) {
    const failure = describeRemoteFailure(error, parsed, `fetch ${ref} from`);
    if (failure.reason !== 'not-found') throw failure;
    fetched = null;
  }
  if (!fetched) {
    throw new GitRemoteError('not-found', `No branch or tag ${ref} on ${parsed.displayUrl}`);
  }
  return peelToCommit(context, fetched);
}

/** An annotated tag points at a tag object; follow it to the commit. */
async function peelToCommit(context: RepositoryContext, oid: string): Promise<string> {
  let current = oid;
  for (let depth = 0; depth < 10; depth++) {
    const object = await readObject({ ...gitOptions(context), oid: current, format: 'parsed' });
    if (object.type === 'commit') return current;
    if (object.type !== 'tag') break;
    current = (object.object as TagObject).object;
  }
  throw new GitRemoteError('not-found', `${oid} does not name a commit`);
}

/** Pushes the commit `localRef` (a full ref) points at, `localHead`, to the remote's `remoteBranch`. */
export async function pushToRemote(
  context: RepositoryContext,
  remote: GitRemote,
  localRef: string,
  remoteBranch: string,
  localHead: string,
): Promise<void> {
  const parsed = await parseRemote(remote, context.fileRemotePolicy);
  const refspec = `${localRef}:${branchRef(remoteBranch)}`;
  try {
    if (parsed.kind === 'file') {
      await runGit(context, ['push', '--porcelain', parsed.url, refspec]);
      // isomorphic-git records what the remote now holds; do the same so both transports agree.
      await context.refs.write(remoteTrackingRef(remoteBranch), localHead);
      return;
    }
    await push({
      ...gitOptions(context),
      ...authOptions(parsed),
      http,
      url: parsed.url,
      remote: 'origin',
      ref: localRef,
      remoteRef: branchRef(remoteBranch),
    });
  } catch (error) {
    throw describeRemoteFailure(error, parsed, `push to ${remoteBranch} on`);
  }
}

/**
 * The remote as the transports use it, or GitRemoteError when the store may not use it (scheme,
 * credentials over plain http, a file remote outside the policy). Also the connect-time check.
 */
export async function parseRemote(remote: GitRemote, policy: FileRemotePolicy): Promise<ParsedRemote> {
  let url: URL;
  try {
    url = new URL(remote.url);
  } catch {
    throw new GitRemoteError('unsupported', 'The remote URL is not a valid URL');
  }
  const username = remote.username ?? (url.username ? decodeURIComponent(url.username) : undefined);
  const token = remote.token ?? (url.password ? decodeURIComponent(url.password) : undefined);
  // Credentials travel in onAuth only, never in the URL, so no message or log line can carry them.
  url.username = '';
  url.password = '';
  const secrets = [remote.token, token].filter((secret): secret is string => Boolean(secret));
  const displayUrl = url.href;
  if (url.protocol === 'http:' && (username || token) && !loopbackHosts.has(url.hostname)) {
    // Plain http would send the token readably over the network; only a same-machine server may get it.
    throw new GitRemoteError('unsupported', `Credentials are only sent over https://, not to ${displayUrl}`);
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    return { kind: 'http', url: url.href, displayUrl, username, token, secrets };
  }
  if (url.protocol === 'file:') {
    // Checked on every fetch and push, not only at connect: a link on the way may have been swapped since.
    const checked = await checkFileRemote(url, displayUrl, policy);
    return { kind: 'file', url: checked, displayUrl, username, token, secrets };
  }
  throw new GitRemoteError('unsupported', `Remotes must be https:// or file:// URLs, not ${url.protocol}`);
}

function authOptions(parsed: ParsedRemote) {
  if (parsed.username === undefined && parsed.token === undefined) return {};
  // Hosts such as GitHub accept a token as the password with any user name.
  const onAuth: AuthCallback = () => ({
    username: parsed.username ?? 'x-access-token',
    password: parsed.token ?? '',
  });
  // Without this isomorphic-git would ask onAuth again and again with the same refused credentials.
  return { onAuth, onAuthFailure: () => ({ cancel: true }) };
}

/** Fetches one refspec from a file:// remote, with nothing else (no tags, no FETCH_HEAD). */
async function fetchWithGit(context: RepositoryContext, url: string, refspec: string): Promise<void> {
  await runGit(context, ['fetch', '--no-tags', '--no-write-fetch-head', url, refspec]);
}

/** Runs the git command line on the bare repository, for the file transport isomorphic-git lacks. */
function runGit(context: RepositoryContext, args: string[]): Promise<string> {
  // Inherited GIT_* variables (GIT_DIR, GIT_WORK_TREE...) would redirect the command; drop them.
  const environment = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_')),
  );
  const options = {
    env: { ...environment, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', LC_ALL: 'C' },
    timeout: commandTimeoutMilliseconds,
    maxBuffer: 16 * 1024 * 1024,
  };
  const fullArgs = [
    '-c',
    'gc.auto=0',
    '-c',
    'maintenance.auto=false',
    `--git-dir=${context.gitdir}`,
    ...args,
  ];
  return new Promise((resolve, reject) => {
    execFile('git', fullArgs, options, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      if (codeOf(error) === 'ENOENT') {
        return reject(
          new GitRemoteError(
            'unsupported',
            'file:// remotes need the git command line, which is not installed here',
          ),
        );
      }
      reject(new GitCommandError(`${stderr}\n${stdout}`.trim()));
    });
  });
}

/** The git command line failed; its output is kept so the failure can be classified. */
export class GitCommandError extends Error {
  override readonly name = 'GitCommandError';
}
