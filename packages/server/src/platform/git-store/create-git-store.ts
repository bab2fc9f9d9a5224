import { type FileRemotePolicy, noFileRemotes } from './file-remote-policy.js';
import { FileSystemGitStore } from './file-system-git-store.js';
import type { GitStore } from './git-store.js';

/**
 * The data-model repositories under `rootDirectory` (for example `<data dir>/repositories`). The same
 * implementation serves a single process and many processes sharing the directory on one volume.
 */
export function createGitStore(options: {
  rootDirectory: string;
  /** Default: no file:// remote at all. */
  fileRemotePolicy?: FileRemotePolicy;
}): GitStore {
  return new FileSystemGitStore(options.rootDirectory, options.fileRemotePolicy ?? noFileRemotes);
}
