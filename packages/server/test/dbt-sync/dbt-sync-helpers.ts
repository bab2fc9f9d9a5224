import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { runGit } from '../support/git-http-server.js';
import type { TestServer } from '../support/test-server.js';

export interface SyncStatus {
  status: string;
  progress: { stage: string; percentComplete: number };
  error?: string;
}

export const syncBase = (deploymentId: number) => `/api/v1/deployments/${deploymentId}/dbt-sync`;

/** Polls the status until it is COMPLETED or FAILED. */
export async function waitForSync(server: TestServer, deploymentId: number, syncJobId: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await server.request({ method: 'GET', url: `${syncBase(deploymentId)}/${syncJobId}` });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const status = answer.body as SyncStatus;
    if (status.status === 'COMPLETED' || status.status === 'FAILED') return status;
    if (Date.now() > deadline) throw new Error(`sync ${syncJobId} did not end: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The messages of a sync's log, one per line. */
export async function logMessagesOf(server: TestServer, deploymentId: number, syncJobId: string) {
  const answer = await server.request({ method: 'GET', url: `${syncBase(deploymentId)}/${syncJobId}/logs` });
  return (answer.body as { items: Array<{ message: string }> }).items.map((item) => item.message).join('\n');
}

export async function branchNames(server: TestServer, deploymentId: number): Promise<string[]> {
  const answer = await server.request({
    method: 'GET',
    url: `/build/api/v1/deployments/${deploymentId}/branches`,
  });
  return (answer.body as { items: Array<{ name: string }> }).items.map((branch) => branch.name);
}

/** A git repository (with a work tree) in a temp folder, holding `files` in one commit on `main`. */
export async function createDbtRepository(files: ReadonlyMap<string, string>) {
  const directory = await mkdtemp(join(tmpdir(), 'dbt-repository-'));
  await runGit(['init', '--quiet', '--initial-branch=main'], { cwd: directory });
  const repository = {
    directory,
    url: pathToFileURL(directory).href,
    async commit(changed: ReadonlyMap<string, string>, message: string): Promise<string> {
      for (const [path, text] of changed) {
        await mkdir(dirname(join(directory, path)), { recursive: true });
        await writeFile(join(directory, path), text);
      }
      await runGit(['add', '--all'], { cwd: directory });
      await runGit(['commit', '--quiet', '-m', message], { cwd: directory });
      return runGit(['rev-parse', 'HEAD'], { cwd: directory });
    },
    git: (args: string[]) => runGit(args, { cwd: directory }),
  };
  await repository.commit(files, 'dbt project');
  return repository;
}
