import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../errors/app-error.js';

/**
 * A file URL may name any repository on the server's disk; those under the data directory hold other
 * deployments' models (and other accounts'), so they are never a remote.
 */
export function refuseDataDirectoryRemote(repositoryUrl: string, dataDirectory: string): void {
  if (!repositoryUrl.startsWith('file:')) return;
  let path: string;
  try {
    path = resolve(fileURLToPath(repositoryUrl));
  } catch {
    throw new AppError('BAD_REQUEST', `${repositoryUrl} is not a local file URL`);
  }
  const root = resolve(dataDirectory);
  if (path === root || path.startsWith(`${root}${sep}`)) {
    throw new AppError('BAD_REQUEST', "a file URL may not point into the server's data directory");
  }
}
