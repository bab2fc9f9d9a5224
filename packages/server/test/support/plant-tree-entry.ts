import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { gitEnvironment } from './git-http-server.js';

function git(gitdir: string, args: string[], input?: string): string {
  return execFileSync('git', ['--git-dir', gitdir, ...args], {
    env: gitEnvironment(tmpdir()),
    ...(input === undefined ? {} : { input }),
    encoding: 'utf8',
  }).trim();
}

/**
 * Commits, with git plumbing and past every API check, a folder `name` holding `config` at the root of
 * `branch`: how a repository comes to hold a name git takes for `.git` (another client's push, or a
 * write from before the store refused them). Returns the new head.
 */
export function plantFolderEntry(gitdir: string, branch: string, name: string, content = '[core]\n'): string {
  const blob = git(gitdir, ['hash-object', '-w', '--stdin'], content);
  const folder = git(gitdir, ['mktree'], `100644 blob ${blob}\tconfig\n`);
  const entries = git(gitdir, ['ls-tree', branch]);
  const root = git(gitdir, ['mktree'], `${entries ? `${entries}\n` : ''}040000 tree ${folder}\t${name}\n`);
  const head = git(gitdir, ['rev-parse', branch]);
  const commit = git(gitdir, ['commit-tree', root, '-p', head, '-m', `plant ${name}`]);
  git(gitdir, ['update-ref', `refs/heads/${branch}`, commit, head]);
  return commit;
}
