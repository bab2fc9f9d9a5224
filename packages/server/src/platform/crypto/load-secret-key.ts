import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The encryption key for secrets at rest: PLATFORM_SECRET_KEY, or a key generated once into the data
 * directory. Several processes sharing one PostgreSQL must share the key (set the variable).
 */
export async function loadSecretKey(configured: string | null, dataDirectory: string): Promise<string> {
  if (configured) return configured;
  const path = join(dataDirectory, 'secret-key');
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDirectory, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  // `wx` fails if another process wrote the file first; then that process's key wins.
  try {
    await writeFile(path, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(path, 'utf8')).trim();
  }
}
