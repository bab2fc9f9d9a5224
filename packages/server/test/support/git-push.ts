import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGit } from './git-http-server.js';

/** Pushes one commit with the given files to `main` of a smart-HTTP repository, from a throw-away clone. */
export async function pushFiles(
  url: string,
  credentials: { username: string; password: string },
  files: Record<string, string>,
): Promise<void> {
  const home = await mkdtemp(join(tmpdir(), 'git-push-'));
  try {
    const authenticated = new URL(url);
    authenticated.username = credentials.username;
    authenticated.password = credentials.password;
    const clone = join(home, 'clone');
    await runGit(['clone', authenticated.toString(), clone], { home });
    await runGit(['-C', clone, 'checkout', '-B', 'main'], { home });
    for (const [path, content] of Object.entries(files)) {
      await writeFile(join(clone, path), content);
      await runGit(['-C', clone, 'add', path], { home });
    }
    await runGit(['-C', clone, 'commit', '-m', 'remote change'], { home });
    await runGit(['-C', clone, 'push', 'origin', 'main'], { home });
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
