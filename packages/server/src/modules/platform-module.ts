/** What a starting module is told about the process it runs in (its role, reduced to capabilities). */
export interface ModuleStartContext {
  /** True when this process works background jobs (roles `all` and `worker`): sweeps and take-overs run here. */
  isWorkingJobs: boolean;
}

/**
 * What every `create<Name>Module(platform, dependencies)` returns. Building one runs nothing: `start()`
 * subscribes, sweeps and starts timers; `close()` stops what `start()` started.
 */
export interface PlatformModule<Services, Handlers> {
  /** What other modules may use: handed to them as `dependencies` by the container. */
  services: Services;
  /** The module's operation handlers, one per operation of its contract tag. */
  handlers: Handlers;
  /** The names of the background jobs this module registered with the job runner. */
  jobs?: readonly string[];
  start?(context: ModuleStartContext): Promise<void>;
  close?(): Promise<void>;
}
