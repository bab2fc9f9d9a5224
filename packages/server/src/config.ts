import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LanguageModelSettings } from './platform/llm/agent-turn.types.js';
import { duckDbDirectoriesOf } from './platform/warehouse/duckdb-file-rule.js';

/** What this process does: everything, the management/build/data API, the Chat API, or background jobs. */
export const processRoles = ['all', 'api', 'ai', 'worker'] as const;
export type ProcessRole = (typeof processRoles)[number];

export interface Config {
  /** PLATFORM_ROLE (or `--role`): which listeners this process opens and whether it works jobs. */
  role: ProcessRole;
  host: string;
  port: number;
  aiPort: number;
  /** Where clients reach the management API; deployment URLs are built from it. */
  publicUrl: string;
  /** False when publicUrl was derived from host and port; the process then sets it to the bound address. */
  isPublicUrlConfigured: boolean;
  /** Where clients reach the Chat API listener (`{ai_url}`): PLATFORM_AI_PUBLIC_URL, else its bound address. */
  chatPublicUrl: string;
  isChatPublicUrlConfigured: boolean;
  dataDirectory: string;
  /** PLATFORM_DUCKDB_DIRS: the only directories deployments may read DuckDB files in (default: the data directory). */
  duckDbDirectories: string[];
  databaseUrl: string | null;
  /** PostgreSQL schema to keep the tables in; tests isolate themselves with a schema each. */
  databaseSchema: string | null;
  redisUrl: string | null;
  bootstrapApiKey: string | null;
  secretKey: string | null;
  logLevel: string;
  bodyLimitBytes: number;
  regions: string[];
  credentialCacheSeconds: number;
  /** Size of the demo deployment's generated sample data (1 ≈ 10,000 orders); tests use a tiny one. */
  demoDataScale: number;
  /** How long a data-API `load` waits for its query before answering "Continue wait" (seconds). */
  continueWaitSeconds: number;
  /** The longest a data-API query may run in the warehouse before it is cancelled (seconds). */
  queryTimeoutSeconds: number;
  /** PLATFORM_LLM_*: the model agents answer with unless they name their own. */
  llm: LanguageModelSettings;
  /** How long a model endpoint may stay silent during a call before the answer fails (seconds). */
  llmTimeoutSeconds: number;
  /**
   * PLATFORM_JOB_LEASE_SECONDS (formerly PLATFORM_DBT_SYNC_LEASE_SECONDS, still read when the new one is
   * unset): a running job whose process has not moved its heartbeat for this long is taken over.
   */
  jobLeaseSeconds: number;
  /** PLATFORM_ANALYST_THREADS: worker threads the built-in analyst plans in (default: the cores). */
  analystThreads: number;
  /** PLATFORM_ANALYST_QUEUE: answers that may wait for a thread; one more gets "busy, retry in N s". */
  analystQueue: number;
  /** PLATFORM_ANALYST_ACTIVE: answers written at once (default one per thread); the others wait. */
  analystActive: number;
  /** PLATFORM_GIT_FILE_REMOTE_DIRS: the only directories file:// git remotes may be in (none by default). */
  gitFileRemoteDirectories: string[];
  /** PLATFORM_PYTHON: the interpreter `html` reports run with (default: `python3` on PATH). */
  pythonCommand: string | null;
  /** PLATFORM_PYTHON_CONCURRENCY: report scripts run at once (default 2); the others wait. */
  pythonConcurrentRuns: number;
  /**
   * PLATFORM_TRUST_PROXY: the proxies whose X-Forwarded-For / X-Forwarded-Proto the management listener
   * believes (client address for the sign-in limit, https for Secure cookies): false (default), true (any),
   * or comma-separated addresses and CIDR ranges.
   */
  trustProxy: boolean | string;
  /** PLATFORM_WEB_DIR: the built web pages (index.html, assets/); default packages/web/dist of this install. */
  webDirectory: string;
  /** PLATFORM_GITHUB_*: the GitHub App repositories are discovered and fetched with (docs/github.md). */
  github: GitHubAppConfig;
  /**
   * PLATFORM_CHROMIUM_PATH: the Chromium notifications render PNG and PDF with (default: the first of
   * /usr/bin/chromium, chromium-browser, google-chrome that exists; docs/notifications.md "Rendering").
   */
  chromiumPath: string | null;
  /** PLATFORM_RENDER_TIMEOUT_SECONDS: the longest one PNG or PDF render may take (default 60). */
  renderTimeoutSeconds: number;
  /** PLATFORM_RENDER_CONCURRENCY: PNG and PDF renders at once per process (default 2); the others wait. */
  renderConcurrency: number;
  /** PLATFORM_SMTP_* and PLATFORM_NOTIFICATION_*: how scheduled deliveries are made (docs/notifications.md). */
  notificationDelivery: NotificationDeliveryConfig;
}

export interface NotificationDeliveryConfig {
  /** PLATFORM_SMTP_URL: smtp:// (STARTTLS when offered) or smtps:// (TLS); null: e-mail is not configured. Its credentials are secrets. */
  smtpUrl: string | null;
  /** PLATFORM_SMTP_FROM: the sender of notification e-mails (default `notifications@` the public URL's host). */
  smtpFrom: string;
  /** PLATFORM_NOTIFICATION_TICK_MS: how often the scheduler looks for due runs (default 5,000 ms). */
  tickMilliseconds: number;
  /** PLATFORM_NOTIFICATION_RETRY_SECONDS: the first retry's delay; the second waits four times as long (default 30). */
  retrySeconds: number;
}

export interface GitHubAppConfig {
  /** PLATFORM_GITHUB_API_URL: the REST API (default https://api.github.com; GitHub Enterprise: .../api/v3). */
  apiUrl: string;
  /** PLATFORM_GITHUB_APP_ID; null: GitHub is not configured. */
  appId: string | null;
  /** PLATFORM_GITHUB_APP_PRIVATE_KEY: the app's PEM key (`\n` escapes allowed); never logged. */
  privateKey: string | null;
  /** PLATFORM_GITHUB_APP_SLUG: the app's name in its public URL, for the install link. */
  appSlug: string | null;
  /**
   * PLATFORM_GITHUB_ACCOUNT: the one account whose users may use the app (default `default`, the first
   * account): its installations are the platform operator's, not every account's.
   */
  accountName: string;
}

export class ConfigError extends Error {}

function trustProxyOf(raw: string | null): boolean | string {
  if (raw === null || raw === 'false') return false;
  if (raw === 'true') return true;
  if (!/^[0-9A-Fa-f.:/, ]+$/.test(raw)) {
    throw new ConfigError(
      `PLATFORM_TRUST_PROXY must be true, false or comma-separated addresses and CIDR ranges, got "${raw}"`,
    );
  }
  return raw;
}

/**
 * packages/web/dist of the install this code runs from, found upwards from this file (it runs from
 * packages/server/src under tsx and from packages/server/dist when bundled).
 */
function defaultWebDirectory(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth += 1) {
    if (existsSync(join(directory, 'packages/web/package.json'))) return join(directory, 'packages/web/dist');
    directory = dirname(directory);
  }
  return join(process.cwd(), 'packages/web/dist');
}

/** Answers waiting for an analyst thread at most by default: 200 at once still get answered. */
const defaultAnalystQueue = 256;

function integer(environment: NodeJS.ProcessEnv, name: string, fallback: number, minimum = 0): number {
  const raw = environment[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum) {
    throw new ConfigError(`${name} must be an integer of at least ${minimum}, got "${raw}"`);
  }
  return value;
}

function positiveNumber(
  environment: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  maximum: number,
): number {
  const raw = environment[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > maximum) {
    throw new ConfigError(`${name} must be a number greater than 0 and at most ${maximum}, got "${raw}"`);
  }
  return value;
}

function optional(environment: NodeJS.ProcessEnv, name: string): string | null {
  const value = environment[name]?.trim();
  return value ? value : null;
}

/** A colon-separated list of directories, each made absolute against the working directory. */
function directoryList(environment: NodeJS.ProcessEnv, name: string, workingDirectory: string): string[] {
  return (optional(environment, name) ?? '')
    .split(':')
    .map((directory) => directory.trim())
    .filter(Boolean)
    .map((directory) => (isAbsolute(directory) ? directory : resolve(workingDirectory, directory)));
}

function processRole(environment: NodeJS.ProcessEnv): ProcessRole {
  const role = optional(environment, 'PLATFORM_ROLE') ?? 'all';
  if (!processRoles.includes(role as ProcessRole)) {
    throw new ConfigError(`PLATFORM_ROLE must be one of ${processRoles.join(', ')}, got "${role}"`);
  }
  return role as ProcessRole;
}

const llmProviders = ['builtin', 'openai-compatible', 'anthropic'] as const;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** PLATFORM_LLM_*; the API key is kept as given and never logged. */
function languageModel(environment: NodeJS.ProcessEnv): LanguageModelSettings {
  const provider = optional(environment, 'PLATFORM_LLM_PROVIDER') ?? 'builtin';
  if (!llmProviders.includes(provider as (typeof llmProviders)[number])) {
    throw new ConfigError(
      `PLATFORM_LLM_PROVIDER must be one of ${llmProviders.join(', ')}, got "${provider}"`,
    );
  }
  const baseUrl = optional(environment, 'PLATFORM_LLM_BASE_URL');
  if (baseUrl !== null && !isHttpUrl(baseUrl)) {
    throw new ConfigError(`PLATFORM_LLM_BASE_URL must be an http:// or https:// URL, got "${baseUrl}"`);
  }
  return {
    provider: provider as (typeof llmProviders)[number],
    baseUrl: baseUrl?.replace(/\/+$/, '') ?? null,
    model: optional(environment, 'PLATFORM_LLM_MODEL'),
    apiKey: optional(environment, 'PLATFORM_LLM_API_KEY'),
  };
}

/** PLATFORM_AI_PUBLIC_URL, checked like the model's base URL; else the host and the AI port. */
function chatPublicUrlOf(environment: NodeJS.ProcessEnv, urlHost: string, aiPort: number): string {
  const configured = optional(environment, 'PLATFORM_AI_PUBLIC_URL');
  if (configured !== null && !isHttpUrl(configured)) {
    throw new ConfigError(`PLATFORM_AI_PUBLIC_URL must be an http:// or https:// URL, got "${configured}"`);
  }
  return (configured ?? `http://${urlHost}:${aiPort}`).replace(/\/+$/, '');
}

export function loadConfig(
  environment: NodeJS.ProcessEnv = process.env,
  workingDirectory = process.cwd(),
): Config {
  const host = optional(environment, 'PLATFORM_HOST') ?? '127.0.0.1';
  const port = integer(environment, 'PLATFORM_PORT', 4000);
  const aiPort = integer(environment, 'PLATFORM_AI_PORT', 4001);
  const dataDirectory = optional(environment, 'PLATFORM_DATA_DIR') ?? '.platform';
  const absoluteDataDirectory = isAbsolute(dataDirectory)
    ? dataDirectory
    : resolve(workingDirectory, dataDirectory);
  const bootstrapApiKey = optional(environment, 'PLATFORM_BOOTSTRAP_API_KEY');
  if (bootstrapApiKey && !/^sk-[A-Za-z0-9_-]{16,}$/.test(bootstrapApiKey)) {
    throw new ConfigError(
      'PLATFORM_BOOTSTRAP_API_KEY must be "sk-" followed by at least 16 letters, digits, _ or -',
    );
  }
  const regions = (optional(environment, 'PLATFORM_REGIONS') ?? 'local')
    .split(',')
    .map((region) => region.trim())
    .filter(Boolean);
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const publicUrl = (optional(environment, 'PLATFORM_PUBLIC_URL') ?? `http://${urlHost}:${port}`).replace(
    /\/+$/,
    '',
  );
  return {
    role: processRole(environment),
    host,
    port,
    aiPort,
    publicUrl,
    isPublicUrlConfigured: optional(environment, 'PLATFORM_PUBLIC_URL') !== null,
    chatPublicUrl: chatPublicUrlOf(environment, urlHost, aiPort),
    isChatPublicUrlConfigured: optional(environment, 'PLATFORM_AI_PUBLIC_URL') !== null,
    dataDirectory: absoluteDataDirectory,
    duckDbDirectories: duckDbDirectoriesOf(
      optional(environment, 'PLATFORM_DUCKDB_DIRS'),
      absoluteDataDirectory,
      workingDirectory,
    ),
    databaseUrl: optional(environment, 'DATABASE_URL'),
    databaseSchema: optional(environment, 'PLATFORM_DATABASE_SCHEMA'),
    redisUrl: optional(environment, 'REDIS_URL'),
    bootstrapApiKey,
    secretKey: optional(environment, 'PLATFORM_SECRET_KEY'),
    logLevel: optional(environment, 'LOG_LEVEL') ?? 'info',
    bodyLimitBytes: integer(environment, 'PLATFORM_BODY_LIMIT_BYTES', 1024 * 1024, 1024),
    regions: regions.length > 0 ? regions : ['local'],
    credentialCacheSeconds: integer(environment, 'PLATFORM_CREDENTIAL_CACHE_SECONDS', 10),
    demoDataScale: positiveNumber(environment, 'PLATFORM_DEMO_SCALE', 1, 1000),
    continueWaitSeconds: positiveNumber(environment, 'PLATFORM_CONTINUE_WAIT_SECONDS', 5, 3600),
    queryTimeoutSeconds: positiveNumber(environment, 'PLATFORM_QUERY_TIMEOUT_SECONDS', 300, 86_400),
    llm: languageModel(environment),
    llmTimeoutSeconds: positiveNumber(environment, 'PLATFORM_LLM_TIMEOUT_SECONDS', 120, 3600),
    jobLeaseSeconds: positiveNumber(
      environment,
      'PLATFORM_JOB_LEASE_SECONDS',
      positiveNumber(environment, 'PLATFORM_DBT_SYNC_LEASE_SECONDS', 30, 3600),
      3600,
    ),
    analystThreads: integer(environment, 'PLATFORM_ANALYST_THREADS', availableParallelism(), 1),
    analystQueue: integer(environment, 'PLATFORM_ANALYST_QUEUE', defaultAnalystQueue),
    analystActive: integer(
      environment,
      'PLATFORM_ANALYST_ACTIVE',
      integer(environment, 'PLATFORM_ANALYST_THREADS', availableParallelism(), 1),
      1,
    ),
    gitFileRemoteDirectories: directoryList(environment, 'PLATFORM_GIT_FILE_REMOTE_DIRS', workingDirectory),
    pythonCommand: optional(environment, 'PLATFORM_PYTHON'),
    pythonConcurrentRuns: integer(environment, 'PLATFORM_PYTHON_CONCURRENCY', 2, 1),
    trustProxy: trustProxyOf(optional(environment, 'PLATFORM_TRUST_PROXY')),
    webDirectory: resolve(
      workingDirectory,
      optional(environment, 'PLATFORM_WEB_DIR') ?? defaultWebDirectory(),
    ),
    github: gitHubAppOf(environment),
    chromiumPath: optional(environment, 'PLATFORM_CHROMIUM_PATH'),
    renderTimeoutSeconds: positiveNumber(environment, 'PLATFORM_RENDER_TIMEOUT_SECONDS', 60, 3600),
    renderConcurrency: integer(environment, 'PLATFORM_RENDER_CONCURRENCY', 2, 1),
    notificationDelivery: notificationDeliveryOf(environment, publicUrl),
  };
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

function notificationDeliveryOf(
  environment: NodeJS.ProcessEnv,
  publicUrl: string,
): NotificationDeliveryConfig {
  const smtpUrl = optional(environment, 'PLATFORM_SMTP_URL');
  if (smtpUrl !== null && !/^smtps?:\/\/[^/?#]+/i.test(smtpUrl)) {
    // The value may hold a password: the message names the variable, never the value.
    throw new ConfigError(
      'PLATFORM_SMTP_URL must be an smtp:// or smtps:// URL (smtp://user:password@host:587)',
    );
  }
  const tickMilliseconds = integer(environment, 'PLATFORM_NOTIFICATION_TICK_MS', 5_000, 50);
  // A tick longer than this could start a run more than 30 s after its minute.
  if (tickMilliseconds > 30_000) {
    throw new ConfigError(`PLATFORM_NOTIFICATION_TICK_MS must be at most 30000, got "${tickMilliseconds}"`);
  }
  return {
    smtpUrl,
    smtpFrom: optional(environment, 'PLATFORM_SMTP_FROM') ?? `notifications@${hostnameOf(publicUrl)}`,
    tickMilliseconds,
    retrySeconds: positiveNumber(environment, 'PLATFORM_NOTIFICATION_RETRY_SECONDS', 30, 3600),
  };
}

function gitHubAppOf(environment: NodeJS.ProcessEnv): GitHubAppConfig {
  const apiUrl = optional(environment, 'PLATFORM_GITHUB_API_URL') ?? 'https://api.github.com';
  if (!isHttpUrl(apiUrl)) throw new ConfigError('PLATFORM_GITHUB_API_URL must be an http(s) URL');
  // A key pasted into a one-line variable arrives with its line breaks written as `\n`.
  const privateKey =
    optional(environment, 'PLATFORM_GITHUB_APP_PRIVATE_KEY')?.replaceAll('\\n', '\n') ?? null;
  return {
    apiUrl: apiUrl.replace(/\/+$/, ''),
    appId: optional(environment, 'PLATFORM_GITHUB_APP_ID'),
    privateKey,
    appSlug: optional(environment, 'PLATFORM_GITHUB_APP_SLUG'),
    accountName: optional(environment, 'PLATFORM_GITHUB_ACCOUNT') ?? 'default',
  };
}
