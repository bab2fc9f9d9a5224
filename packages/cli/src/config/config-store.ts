import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import * as z from 'zod';
import { authSchemes } from '../client/auth-scheme.js';
import { CliError } from '../program/cli-errors.js';
import { configFileOf } from './config-directory.js';

export const ContextSchema = z.object({
  apiUrl: z.string().min(1),
  apiKey: z.string().min(1),
  authScheme: z.enum(authSchemes).optional(),
  /** Where this installation's Chat API listens (`platform chat`); it is a listener of its own. */
  chatUrl: z.string().min(1).optional(),
  /** Set when `apiKey` is an OAuth access token from a browser sign-in: renews it after a 401. */
  refreshToken: z.string().min(1).optional(),
});

export type Context = z.infer<typeof ContextSchema>;

/** An agent API key `platform chat` created, kept so each chat does not mint a new one. */
export const SavedAgentKeySchema = z.object({
  /** The management API it was created on: a key is only valid there. */
  apiUrl: z.string().min(1),
  token: z.string().min(1),
});

export type SavedAgentKey = z.infer<typeof SavedAgentKeySchema>;

const ConfigSchema = z.object({
  currentContext: z.string().nullable().default(null),
  contexts: z.record(z.string(), ContextSchema).default({}),
  /** By agent id (a UUID, unique across servers). */
  agentKeys: z.record(z.string(), SavedAgentKeySchema).optional(),
});

export type CliConfig = z.infer<typeof ConfigSchema>;

export function emptyConfig(): CliConfig {
  return { currentContext: null, contexts: {} };
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

export async function readConfig(directory: string): Promise<CliConfig> {
  const file = configFileOf(directory);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isMissingFile(error)) return emptyConfig();
    throw error;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new CliError(`${file} is not valid JSON; fix or delete it`);
  }
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new CliError(`${file} is not a valid platform config: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/**
 * The file holds API keys: it is created 0600 in a 0700 directory, and replaced by rename so a crash
 * mid-write never leaves a truncated config (or a moment where it is readable by others).
 */
export async function writeConfig(directory: string, config: CliConfig): Promise<string> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await chmod(directory, 0o700);
  const file = configFileOf(directory);
  const temporaryFile = `${file}.${process.pid}.tmp`;
  await writeFile(temporaryFile, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // The mode given to writeFile is filtered by the umask; set it explicitly.
  await chmod(temporaryFile, 0o600);
  await rename(temporaryFile, file);
  return file;
}
