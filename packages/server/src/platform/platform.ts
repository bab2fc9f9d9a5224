import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { ChangeFeed } from './change-feed/change-feed.js';
import type { SecretBox } from './crypto/secret-box.js';
import type { Store } from './database/database.js';
import type { GitStore } from './git-store/git-store.js';
import type { JobRunner } from './jobs/job-runner.js';
import type { AgentRunner } from './llm/agent-turn.types.js';
import type { AnalystThreadPool } from './llm/builtin-analyst/analyst-thread-pool.js';
import type { PythonSandbox } from './python/python-sandbox.js';
import type { StreamBus } from './streams/stream-bus.js';
import type { WarehousePool } from './warehouse/warehouse-pool.js';

/**
 * The adapters every module is built from, constructed once by the container. Modules receive this object
 * and never construct infrastructure themselves.
 */
export interface Platform {
  /** Services read it when called, not when built: publicUrl is only known after listen. */
  config: Config;
  logger: Logger;
  store: Store;
  changeFeed: ChangeFeed;
  streamBus: StreamBus;
  secretBox: SecretBox;
  /** The raw secret key, from which keys for other purposes (token signing) are derived. */
  secretKey: string;
  gitStore: GitStore;
  jobs: JobRunner;
  warehousePool: WarehousePool;
  /** The built-in analyst's worker threads (the agent runner plans with them). */
  analystPool: AnalystThreadPool;
  agentRunner: AgentRunner;
  /** Runs the Python of `html` reports (no network, temp dir only, limits). */
  python: PythonSandbox;
}
