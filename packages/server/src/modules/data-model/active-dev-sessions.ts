import { everythingChanged } from '../../platform/change-feed/change-feed.js';
import type { DevSessionRow } from './data-model.tables.js';

const topicPrefix = 'dev-mode:';
// Past this many (deployment, credential) pairs the oldest is forgotten; a forgotten pair is read again.
const maximumRemembered = 10_000;

/** The change-feed topic published after any dev-mode session of a deployment started, stopped or moved. */
export function devModeTopic(deploymentId: number): string {
  return `${topicPrefix}${deploymentId}`;
}

interface Remembered {
  session: DevSessionRow | null;
  loadedAt: number;
}

/**
 * Each credential's active dev-mode session per deployment, kept in memory: the data API asks for it on
 * every query, and sessions change only when a developer starts, stops or moves dev mode. Every change
 * publishes `dev-mode:<deployment>` on the change feed, which drops the deployment's entries here and in
 * every other process. A read that overlaps a drop is not kept (the generation check), so no entry is
 * older than the last change heard of; the time limit only bounds the damage of a lost notification.
 */
export class ActiveDevSessions {
  private readonly entries = new Map<string, Remembered>();
  private readonly generations = new Map<number, number>();
  private epoch = 0;

  constructor(private readonly lifetimeMilliseconds: number) {}

  async sessionOf(
    deploymentId: number,
    credentialId: number,
    read: () => Promise<DevSessionRow | null>,
  ): Promise<DevSessionRow | null> {
    const key = `${deploymentId}:${credentialId}`;
    const known = this.entries.get(key);
    if (known && Date.now() - known.loadedAt < this.lifetimeMilliseconds) return known.session;
    const generation = this.generations.get(deploymentId) ?? 0;
    const epoch = this.epoch;
    const session = await read();
    const isStillCurrent = epoch === this.epoch && generation === (this.generations.get(deploymentId) ?? 0);
    if (isStillCurrent) this.remember(key, session);
    return session;
  }

  /** Change-feed listener. */
  handleChange(topic: string): void {
    if (topic === everythingChanged) {
      this.epoch += 1;
      this.entries.clear();
      return;
    }
    if (!topic.startsWith(topicPrefix)) return;
    const deploymentId = Number(topic.slice(topicPrefix.length));
    this.generations.set(deploymentId, (this.generations.get(deploymentId) ?? 0) + 1);
    const prefix = `${deploymentId}:`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  private remember(key: string, session: DevSessionRow | null): void {
    this.entries.delete(key);
    if (this.entries.size >= maximumRemembered) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { session, loadedAt: Date.now() });
  }
}
