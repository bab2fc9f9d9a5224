import type { Dirent } from 'node:fs';
import * as fileSystem from 'node:fs/promises';
import { join } from 'node:path';
import { isErrorCode, writeFileAtomically } from './atomic-file-system.js';
import { InvalidBranchNameError } from './git-store-errors.js';
import { withLockFile } from './ref-lock.js';
import { oidPattern } from './ref-names.js';

const maximumSymbolicDepth = 5;

/**
 * Reads and writes refs the way git stores them: loose files under `refs/`, falling back to `packed-refs`
 * (which `git gc` or `git pack-refs` may create). isomorphic-git's writeRef is not used because it writes
 * the ref file in place, so a concurrent reader could see it empty; here every write is a rename.
 * Callers hold the ref's lock around read-compare-write; this class does no locking of loose refs.
 */
export class RefFiles {
  constructor(private readonly gitdir: string) {}

  lockPathOf(ref: string): string {
    return join(this.gitdir, `${ref}.lock`);
  }

  async read(ref: string, depth = 0): Promise<string | null> {
    const loose = await this.readLoose(ref);
    if (loose === null) return (await this.readPacked()).get(ref) ?? null;
    if (loose.startsWith('ref: ')) {
      if (depth >= maximumSymbolicDepth) return null;
      return this.read(loose.slice('ref: '.length).trim(), depth + 1);
    }
    return oidPattern.test(loose) ? loose : null;
  }

  async write(ref: string, oid: string): Promise<void> {
    const path = join(this.gitdir, ref);
    try {
      await writeFileAtomically(path, `${oid}\n`);
    } catch (error) {
      if (!isErrorCode(error, 'EISDIR', 'ENOTDIR', 'EEXIST', 'ENOTEMPTY')) throw error;
      // An empty folder left behind by a deleted `name/child` branch may stand where the ref goes.
      await fileSystem.rmdir(path).catch(() => undefined);
      try {
        await writeFileAtomically(path, `${oid}\n`);
      } catch (retryError) {
        if (!isErrorCode(retryError, 'EISDIR', 'ENOTDIR', 'EEXIST', 'ENOTEMPTY')) throw retryError;
        throw new InvalidBranchNameError(
          `${ref} conflicts with an existing ref (a name and a folder of names)`,
        );
      }
    }
  }

  async delete(ref: string): Promise<void> {
    await fileSystem.rm(join(this.gitdir, ref), { force: true });
    if (!(await this.readPacked()).has(ref)) return;
    // packed-refs.lock is the lock git itself takes before rewriting packed-refs.
    await withLockFile(join(this.gitdir, 'packed-refs.lock'), async () => {
      const text = await this.readPackedText();
      if (text === null) return;
      const kept: string[] = [];
      let isSkippingPeeled = false;
      for (const line of text.split('\n')) {
        if (line.startsWith('^') && isSkippingPeeled) continue;
        isSkippingPeeled = line.endsWith(` ${ref}`);
        if (!isSkippingPeeled && line !== '') kept.push(line);
      }
      await writeFileAtomically(join(this.gitdir, 'packed-refs'), `${kept.join('\n')}\n`);
    });
  }

  /** Removes folders emptied by a deletion (up to `refs/<kind>`) so their names can be branches again. */
  async pruneEmptyFolders(ref: string): Promise<void> {
    const segments = ref.split('/');
    for (let length = segments.length - 1; length > 2; length -= 1) {
      try {
        await fileSystem.rmdir(join(this.gitdir, ...segments.slice(0, length)));
      } catch {
        return;
      }
    }
  }

  /** Every ref under `prefix` (for example `refs/heads/`), loose ones taking precedence over packed ones. */
  async list(prefix: string): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const [ref, oid] of await this.readPacked()) {
      if (ref.startsWith(prefix)) found.set(ref, oid);
    }
    for (const ref of await this.listLoose(prefix.replace(/\/$/, ''))) {
      const oid = await this.read(ref);
      if (oid) found.set(ref, oid);
      else found.delete(ref);
    }
    return found;
  }

  private async listLoose(folder: string): Promise<string[]> {
    let entries: Dirent[];
    try {
      entries = await fileSystem.readdir(join(this.gitdir, folder), { withFileTypes: true });
    } catch (error) {
      if (isErrorCode(error, 'ENOENT', 'ENOTDIR')) return [];
      throw error;
    }
    const refs: string[] = [];
    for (const entry of entries) {
      // Like git: temporary files start with '.', and lock files end with '.lock'.
      if (entry.name.startsWith('.') || entry.name.endsWith('.lock')) continue;
      const ref = `${folder}/${entry.name}`;
      if (entry.isDirectory()) refs.push(...(await this.listLoose(ref)));
      else if (entry.isFile()) refs.push(ref);
    }
    return refs;
  }

  private async readLoose(ref: string): Promise<string | null> {
    try {
      return (await fileSystem.readFile(join(this.gitdir, ref), 'utf8')).trim();
    } catch (error) {
      if (isErrorCode(error, 'ENOENT', 'EISDIR', 'ENOTDIR')) return null;
      throw error;
    }
  }

  private async readPackedText(): Promise<string | null> {
    try {
      return await fileSystem.readFile(join(this.gitdir, 'packed-refs'), 'utf8');
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) return null;
      throw error;
    }
  }

  private async readPacked(): Promise<Map<string, string>> {
    const refs = new Map<string, string>();
    const text = await this.readPackedText();
    for (const line of text?.split('\n') ?? []) {
      // '#' starts the header, '^' the peeled value of the tag above: neither names a ref.
      if (line.startsWith('#') || line.startsWith('^')) continue;
      const [oid, ref] = line.split(' ');
      if (oid && ref && oidPattern.test(oid)) refs.set(ref, oid);
    }
    return refs;
  }
}
