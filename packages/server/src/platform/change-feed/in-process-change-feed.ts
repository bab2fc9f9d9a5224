import { type ChangeFeed, ChangeListeners } from './change-feed.js';

/** The embedded store (PGlite) has exactly one process, so delivering locally reaches everyone. */
export class InProcessChangeFeed implements ChangeFeed {
  private readonly listeners = new ChangeListeners();

  async publish(topic: string): Promise<void> {
    this.listeners.deliver(topic);
  }

  subscribe(listener: (topic: string) => void): () => void {
    return this.listeners.add(listener);
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {}
}
