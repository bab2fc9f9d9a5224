import { randomUUID } from 'node:crypto';
import * as fileSystem from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { PromiseFsClient } from 'isomorphic-git';

type WriteFileData = Parameters<typeof fileSystem.writeFile>[1];
type WriteFileOptions = Parameters<typeof fileSystem.writeFile>[2];

export function isErrorCode(error: unknown, ...codes: string[]): boolean {
  return error instanceof Error && codes.includes((error as NodeJS.ErrnoException).code ?? '');
}

/**
 * Writes through a temporary file and a rename, so a reader (another request, another process on the shared
 * volume) sees the old content or the new one, never half a file. The temporary name starts with '.', which
 * git ignores when it lists loose refs.
 */
export async function writeFileAtomically(path: string, data: WriteFileData, options?: WriteFileOptions) {
  const temporary = join(dirname(path), `.${basename(path)}.${randomUUID()}.tmp`);
  try {
    await writeCreatingParents(temporary, data, options);
    await fileSystem.rename(temporary, path);
  } catch (error) {
    await fileSystem.rm(temporary, { force: true });
    throw error;
  }
}

// A concurrent deletion may remove an empty parent folder between our mkdir and our write; try again.
async function writeCreatingParents(path: string, data: WriteFileData, options: WriteFileOptions) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await fileSystem.writeFile(path, data, options);
      return;
    } catch (error) {
      if (!isErrorCode(error, 'ENOENT') || attempt >= 5) throw error;
      await fileSystem.mkdir(dirname(path), { recursive: true });
    }
  }
}

/**
 * The file-system client handed to isomorphic-git: node's promises API, with every write made atomic.
 * isomorphic-git writes objects with a plain writeFile after an existence check, so without this two
 * requests writing the same object could let a third read a truncated one.
 */
export const atomicFileSystem: PromiseFsClient = {
  promises: {
    readFile: fileSystem.readFile,
    writeFile: writeFileAtomically,
    unlink: fileSystem.unlink,
    readdir: fileSystem.readdir,
    mkdir: fileSystem.mkdir,
    rmdir: fileSystem.rmdir,
    stat: fileSystem.stat,
    lstat: fileSystem.lstat,
    readlink: fileSystem.readlink,
    symlink: fileSystem.symlink,
    chmod: fileSystem.chmod,
  },
};
