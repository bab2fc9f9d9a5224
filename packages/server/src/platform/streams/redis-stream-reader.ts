import { setTimeout as delay } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { type Delivery, entryIdOf, parseEntry, sequenceOf } from './redis-stream-entries.js';
import { type RedisStreamKeys, streamStatus } from './redis-stream-scripts.js';
import { failureMessage, StreamFailedError } from './stream-bus-errors.js';
import type { StreamEventQueue } from './stream-event-queue.js';

interface Member {
  readonly queue: StreamEventQueue;
  /** Live deliveries kept back while the member replays the backlog it joined after. */
  held: Delivery[] | null;
}

/** The subscribers of one stream in this process, fed from one cursor. */
interface Group {
  readonly streamId: string;
  readonly key: string;
  /** The last sequence delivered to every member. */
  cursor: number;
  readonly members: Set<Member>;
  /** Set when the writer is gone: fail the members once everything up to here is delivered. */
  lostAfter: number | null;
}

const pageSize = 500;
const blockMilliseconds = 5000;
const retryMilliseconds = 500;
const wakeKeyMilliseconds = 3_600_000;

/**
 * Reads every stream this process follows with ONE blocking XREAD over all their keys, and fans each
 * entry out to the local subscribers: 200 subscribers cost one connection, not 200. A subscriber of a
 * stream already being read replays what it missed with XRANGE while the live entries wait for it.
 * Adding a stream wakes the blocked XREAD through a private wake stream that it always includes, which
 * cannot be missed the way an unblock racing the XREAD can.
 */
export class RedisStreamReader {
  private readonly groups = new Map<string, Group>();
  private readonly wakeKey: string;
  private wakeCursor = '0-0';
  private blocking: Redis | null = null;
  private running: Promise<void> | null = null;
  private livenessTimer: NodeJS.Timeout | null = null;
  private wakeIdle: (() => void) | null = null;
  private isReading = false;
  private isChecking = false;
  private isClosed = false;

  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisStreamKeys,
    busId: string,
    private readonly heartbeatTimeoutMilliseconds: number,
    private readonly logger: Logger | undefined,
  ) {
    this.wakeKey = keys.wake(busId);
  }

  /** Registers at once, so nothing appended from now on can be missed; returns the detach function. */
  attach(streamId: string, fromSequence: number, queue: StreamEventQueue): () => void {
    if (this.isClosed) {
      queue.finish(new StreamFailedError(streamId, 'bus-closed', failureMessage('bus-closed')));
      return () => undefined;
    }
    const key = this.keys.events(streamId);
    const member: Member = { queue, held: null };
    let group = this.groups.get(key);
    if (!group) {
      group = { streamId, key, cursor: fromSequence, members: new Set([member]), lostAfter: null };
      this.groups.set(key, group);
      this.wake();
    } else {
      group.members.add(member);
      if (fromSequence < group.cursor) {
        member.held = [];
        void this.replay(group, member, fromSequence, group.cursor);
      }
    }
    this.start();
    const joined = group;
    return () => {
      joined.members.delete(member);
      if (joined.members.size === 0 && this.groups.get(key) === joined) this.groups.delete(key);
    };
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    if (this.livenessTimer) clearInterval(this.livenessTimer);
    for (const group of [...this.groups.values()]) {
      this.endGroup(group, new StreamFailedError(group.streamId, 'bus-closed', failureMessage('bus-closed')));
    }
    this.wakeIdle?.();
    this.blocking?.disconnect();
    await this.running;
    await this.redis.del(this.wakeKey).catch(() => undefined);
  }

  private start(): void {
    if (this.running) return;
    this.blocking = this.redis.duplicate({ connectionName: `${this.redis.options.connectionName}-reader` });
    this.blocking.on('error', (error: Error) =>
      this.logger?.warn({ err: error }, 'stream reader connection'),
    );
    this.running = this.run();
    this.livenessTimer = setInterval(() => void this.checkLiveness(), this.heartbeatTimeoutMilliseconds / 3);
    this.livenessTimer.unref();
  }

  private async run(): Promise<void> {
    while (!this.isClosed) {
      if (this.groups.size === 0) {
        await new Promise<void>((resolve) => {
          this.wakeIdle = resolve;
        });
        continue;
      }
      const snapshot = new Map(this.groups);
      const keys = [this.wakeKey, ...snapshot.keys()];
      const ids = [this.wakeCursor, ...[...snapshot.values()].map((group) => entryIdOf(group.cursor))];
      let reply: [string, [string, string[]][]][] | null;
      this.isReading = true;
      try {
        reply = (await this.blocking?.xread(
          'COUNT',
          pageSize,
          'BLOCK',
          blockMilliseconds,
          'STREAMS',
          ...keys,
          ...ids,
        )) as [string, [string, string[]][]][] | null;
      } catch (error) {
        if (this.isClosed) return;
        this.logger?.warn({ err: error }, 'reading streams failed; retrying');
        await delay(retryMilliseconds);
        continue;
      } finally {
        this.isReading = false;
      }
      for (const [key, entries] of reply ?? []) {
        if (key === this.wakeKey) {
          this.wakeCursor = entries.at(-1)?.[0] ?? this.wakeCursor;
          continue;
        }
        const group = this.groups.get(key);
        // A group replaced while the XREAD was out has its own cursor; the next round serves it.
        if (group && group === snapshot.get(key)) this.dispatchSafely(group, entries);
      }
    }
  }

  /** An entry that cannot be read fails its stream only, never the loop that serves every stream. */
  private dispatchSafely(group: Group, entries: [string, string[]][]): void {
    try {
      this.dispatch(group, entries);
    } catch (error) {
      this.logger?.warn({ err: error, streamId: group.streamId }, 'unreadable stream entry');
      this.endGroup(
        group,
        new StreamFailedError(group.streamId, 'failed', 'The stream holds an unreadable event'),
      );
    }
  }

  private dispatch(group: Group, entries: [string, string[]][]): void {
    for (const [id, fields] of entries) {
      const sequence = sequenceOf(id);
      if (sequence <= group.cursor) continue;
      group.cursor = sequence;
      const delivery = parseEntry(group.streamId, sequence, fields);
      if (delivery.kind === 'end') {
        this.endGroup(group, delivery.error);
        return;
      }
      for (const member of group.members) this.deliver(member, delivery);
    }
    this.failIfLost(group);
  }

  private async replay(group: Group, member: Member, fromSequence: number, until: number): Promise<void> {
    try {
      let after = fromSequence;
      while (after < until) {
        const entries = await this.redis.xrange(
          group.key,
          `(${entryIdOf(after)}`,
          entryIdOf(until),
          'COUNT',
          pageSize,
        );
        const last = entries.at(-1);
        if (!last) {
          const message = failureMessage('expired');
          throw new StreamFailedError(group.streamId, 'expired', message);
        }
        for (const [id, fields] of entries) {
          this.apply(member.queue, parseEntry(group.streamId, sequenceOf(id), fields));
        }
        after = sequenceOf(last[0]);
      }
      const held = member.held ?? [];
      member.held = null;
      for (const delivery of held) this.apply(member.queue, delivery);
    } catch (error) {
      member.queue.finish(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** A subscriber elsewhere learns that a writer died only from its writer key having expired. */
  private async checkLiveness(): Promise<void> {
    if (this.isChecking || this.isClosed) return;
    this.isChecking = true;
    try {
      await Promise.all(
        [...this.groups.values()].map(async (group) => {
          const { status, lastSequence } = await streamStatus(this.redis, this.keys, group.streamId);
          if (this.groups.get(group.key) !== group || status === 'active') return;
          if (status === 'ended') {
            // Only a subscriber that asked to start past the end entry would wait for it forever.
            if (group.cursor >= lastSequence) this.endGroup(group, null);
            return;
          }
          group.lostAfter = lastSequence;
          this.failIfLost(group);
        }),
      );
    } catch (error) {
      this.logger?.warn({ err: error }, 'checking stream writers failed');
    } finally {
      this.isChecking = false;
    }
  }

  private failIfLost(group: Group): void {
    if (group.lostAfter === null || group.cursor < group.lostAfter) return;
    const message = failureMessage('writer-lost');
    this.endGroup(group, new StreamFailedError(group.streamId, 'writer-lost', message));
  }

  private endGroup(group: Group, error: StreamFailedError | null): void {
    if (this.groups.get(group.key) === group) this.groups.delete(group.key);
    for (const member of group.members) this.deliver(member, { kind: 'end', error });
  }

  private deliver(member: Member, delivery: Delivery): void {
    if (member.held) member.held.push(delivery);
    else this.apply(member.queue, delivery);
  }

  private apply(queue: StreamEventQueue, delivery: Delivery): void {
    if (delivery.kind === 'event') queue.push(delivery.event);
    else queue.finish(delivery.error);
  }

  private wake(): void {
    const wakeIdle = this.wakeIdle;
    this.wakeIdle = null;
    wakeIdle?.();
    if (!this.isReading) return;
    this.redis
      .multi()
      .xadd(this.wakeKey, 'MAXLEN', '1', '*', 'w', '1')
      .pexpire(this.wakeKey, wakeKeyMilliseconds)
      .exec()
      .catch((error: unknown) => this.logger?.warn({ err: error }, 'waking the stream reader failed'));
  }
}
