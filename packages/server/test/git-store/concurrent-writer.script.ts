/**
 * A separate OS process writing to a shared repository, for the cross-process compare-and-swap test:
 * `node --import tsx concurrent-writer.script.ts <rootDirectory> <repositoryId> <prefix> <count>`.
 */
import { createGitStore } from '../../src/platform/git-store/create-git-store.js';

const [rootDirectory = '', repositoryId = '', prefix = '', count = '0'] = process.argv.slice(2);
const store = createGitStore({ rootDirectory });
const author = { name: 'Writer', email: 'writer@example.com' };

await Promise.all(
  Array.from({ length: Number(count) }, async (_, index) => {
    const expectedHead = (await store.resolveBranch(repositoryId, 'main')) ?? '';
    const path = `writers/${prefix}-${index}.yml`;
    await store.commitToBranch(repositoryId, {
      branch: 'main',
      expectedHead,
      changes: [{ path, content: new TextEncoder().encode(path) }],
      message: `write ${path}`,
      author,
      rebaseOnRace: true,
    });
  }),
);
