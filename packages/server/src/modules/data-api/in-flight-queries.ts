/** A query's answer within the wait, or word that it is still running. */
export type WaitOutcome<Value> = { isDone: true; value: Value } | { isDone: false };

interface Entry {
  promise: Promise<unknown>;
  /** Some caller was told to ask again, so the answer is kept for it once the query ends. */
  isCollectedLater: boolean;
  removal: NodeJS.Timeout | null;
}

const defaultRetentionMilliseconds = 60_000;

/**
 * Queries that outlive a request ("Continue wait"): a query not done within the wait keeps running,
 * and the next identical request (same key) joins it instead of starting another. Its answer, or its
 * failure, is kept for a while after it ends for the caller who will ask again; a query whose first
 * caller got the answer directly is forgotten at once, so later requests read fresh data.
 */
export class InFlightQueries {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly retentionMilliseconds = defaultRetentionMilliseconds) {}

  run<Value>(
    key: string,
    start: () => Promise<Value>,
    waitMilliseconds: number,
  ): Promise<WaitOutcome<Value>> {
    const entry = this.entries.get(key) ?? this.begin(key, start);
    return new Promise<WaitOutcome<Value>>((resolve, reject) => {
      // The flag is set in the timer's own callback, so the query's end, whenever it comes, sees it.
      const timer = setTimeout(() => {
        entry.isCollectedLater = true;
        resolve({ isDone: false });
      }, waitMilliseconds);
      entry.promise.then(
        (value) => {
          clearTimeout(timer);
          resolve({ isDone: true, value: value as Value });
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Forgets every kept answer (at shutdown); running queries end with their warehouse. */
  clear(): void {
    for (const entry of this.entries.values()) if (entry.removal) clearTimeout(entry.removal);
    this.entries.clear();
  }

  private begin<Value>(key: string, start: () => Promise<Value>): Entry {
    const entry: Entry = { promise: start(), isCollectedLater: false, removal: null };
    this.entries.set(key, entry);
    const settle = () => {
      if (!entry.isCollectedLater) {
        this.forget(key, entry);
        return;
      }
      entry.removal = setTimeout(() => this.forget(key, entry), this.retentionMilliseconds);
      entry.removal.unref();
    };
    entry.promise.then(settle, settle);
    return entry;
  }

  private forget(key: string, entry: Entry): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }
}
