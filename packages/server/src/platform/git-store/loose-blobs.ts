import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { deflate, inflate } from 'node:zlib';
import { readBlob } from 'isomorphic-git';
import { isErrorCode } from './atomic-file-system.js';
import { gitOptions, type RepositoryContext } from './repository-context.js';

const deflateInThreadPool = promisify(deflate);
const inflateInThreadPool = promisify(inflate);

/**
 * Writes a loose blob exactly as git does (zlib of `blob <size>\0` and the bytes, at objects/<2>/<38>)
 * and returns its oid. isomorphic-git's writeBlob does the same, but hashes and deflates through web
 * streams and looks the gitdir up on every call: about a millisecond a blob, which a 500-file deploy
 * felt. Node's hash and its thread-pool deflate keep the event loop free. A blob already stored
 * loose is not written again (its name is its content).
 */
export async function writeLooseBlob(context: RepositoryContext, content: Uint8Array): Promise<string> {
  const object = Buffer.concat([Buffer.from(`blob ${content.byteLength}\0`), content]);
  const oid = createHash('sha1').update(object).digest('hex');
  const path = join(context.gitdir, 'objects', oid.slice(0, 2), oid.slice(2));
  if (await isStored(context, path)) return oid;
  // The context's file system writes through a temporary file and a rename: readers never see half an object.
  await context.fs.promises.writeFile(path, await deflateInThreadPool(object));
  return oid;
}

/**
 * A blob's bytes by oid: loose objects (everything this store writes) are read and inflated directly,
 * for the same reason as above; anything else (packed objects fetched from a remote, or not a blob)
 * goes through isomorphic-git, which also reports what is missing or of the wrong type.
 */
export async function readBlobBytes(context: RepositoryContext, oid: string): Promise<Uint8Array> {
  const loose = await readLooseBlob(context, oid);
  if (loose !== null) return loose;
  return (await readBlob({ ...gitOptions(context), oid })).blob;
}

async function readLooseBlob(context: RepositoryContext, oid: string): Promise<Uint8Array | null> {
  let deflated: Buffer;
  try {
    deflated = await context.fs.promises.readFile(
      join(context.gitdir, 'objects', oid.slice(0, 2), oid.slice(2)),
    );
  } catch (error) {
    if (isErrorCode(error, 'ENOENT', 'ENOTDIR')) return null;
    throw error;
  }
  const object = await inflateInThreadPool(deflated);
  const headerEnd = object.indexOf(0);
  const header = object.subarray(0, headerEnd).toString('latin1');
  if (headerEnd < 0 || !header.startsWith('blob ')) return null;
  // Its name is the hash of its content: a mismatch is a damaged object, never silently served.
  if (createHash('sha1').update(object).digest('hex') !== oid) {
    throw new Error(`git object ${oid} is corrupt: its content does not match its name`);
  }
  const content = object.subarray(headerEnd + 1);
  if (Number(header.slice('blob '.length)) !== content.byteLength) {
    throw new Error(`git object ${oid} is corrupt: its size does not match its header`);
  }
  return content;
}

async function isStored(context: RepositoryContext, path: string): Promise<boolean> {
  try {
    await context.fs.promises.stat(path);
    return true;
  } catch (error) {
    if (isErrorCode(error, 'ENOENT', 'ENOTDIR')) return false;
    throw error;
  }
}
