/**
 * Tells every server process that something changed, so in-process caches can drop what they hold.
 * Topics are short strings such as `user:12` or `deployments:3`. A listener may also receive `*`, which
 * means "notifications may have been missed: drop everything".
 */
export interface ChangeFeed {
  /** Call after the change has been committed. Listeners in this process run before it resolves. */
  publish(topic: string): Promise<void>;
  subscribe(listener: (topic: string) => void): () => void;
  /** Starts hearing other processes (the PostgreSQL feed opens its listening connection here). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export const everythingChanged = '*';

/** The listeners of one process; both feeds deliver through it. */
export class ChangeListeners {
  private readonly listeners = new Set<(topic: string) => void>();

  add(listener: (topic: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  deliver(topic: string): void {
    for (const listener of this.listeners) listener(topic);
  }
}
