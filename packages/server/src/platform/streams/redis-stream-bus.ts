import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RedisStreamReader } from './redis-stream-reader.js';
import { abortScript, openScript, RedisStreamKeys } from './redis-stream-scripts.js';
import { RedisStreamWriter, type RedisWriterContext } from './redis-stream-writer.js';
import {
  defaultHeartbeatTimeoutMilliseconds,
  defaultMaxEventsPerStream,
  defaultStreamTtlSeconds,
  type OpenStreamOptions,
  type StreamBus,
  type StreamBusOptions,
  type StreamEvent,
  type StreamSubscription,
  type StreamWriter,
  type SubscribeOptions,
} from './stream-bus.js';
import { assertStreamId, StreamBusError, StreamExistsError } from './stream-bus-errors.js';
import { StreamEventQueue } from './stream-event-queue.js';

export interface RedisStreamBusOptions extends StreamBusOptions {
  /** Prefix of every key and channel; processes that should see each other's streams share it. */
  keyPrefix?: string;
  logger?: Logger;
}

export const defaultStreamKeyPrefix = 'platform:streams';

/**
 * Streams in Redis Streams, so any process sharing the Redis can join or abort a stream another one
 * writes. Per process: one command connection, one blocking reader for all subscribers, and one
 * subscription to the abort channel (see docs/decisions/0004-chat-stream-bus.md).
 */
export class RedisStreamBus implements StreamBus {
  private readonly writers = new Map<string, RedisStreamWriter>();
  private readonly keys: RedisStreamKeys;
  private readonly writerContext: RedisWriterContext;
  private readonly reader: RedisStreamReader;
  private readonly defaultTtlSeconds: number;
  private readonly heartbeatTimeoutMilliseconds: number;
  private abortListener: Promise<Redis> | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private isClosed = false;

  private constructor(
    private readonly redis: Redis,
    private readonly options: RedisStreamBusOptions,
  ) {
    this.keys = new RedisStreamKeys(options.keyPrefix ?? defaultStreamKeyPrefix);
    this.defaultTtlSeconds = options.defaultTtlSeconds ?? defaultStreamTtlSeconds;
    this.heartbeatTimeoutMilliseconds =
      options.heartbeatTimeoutMilliseconds ?? defaultHeartbeatTimeoutMilliseconds;
    this.writerContext = {
      redis,
      keys: this.keys,
      heartbeatTimeoutMilliseconds: this.heartbeatTimeoutMilliseconds,
      maxEvents: options.maxEventsPerStream ?? defaultMaxEventsPerStream,
      onStopped: (writer) => {
        if (this.writers.get(writer.streamId) === writer) this.writers.delete(writer.streamId);
      },
    };
    this.reader = new RedisStreamReader(
      redis,
      this.keys,
      randomUUID(),
      this.heartbeatTimeoutMilliseconds,
      options.logger,
    );
  }

  static async connect(redisUrl: string, options: RedisStreamBusOptions = {}): Promise<RedisStreamBus> {
    const redis = new Redis(redisUrl, {
      lazyConnect: true,
      connectionName: `stream-bus:${options.keyPrefix ?? defaultStreamKeyPrefix}`,
    });
    redis.on('error', (error: Error) => options.logger?.warn({ err: error }, 'stream bus connection'));
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      throw error;
    }
    return new RedisStreamBus(redis, options);
  }

  async open(streamId: string, options: OpenStreamOptions = {}): Promise<StreamWriter> {
    this.ensureOpen();
    assertStreamId(streamId);
    await this.listenForAborts();
    const token = randomUUID();
    const result = await openScript.run(
      this.redis,
      [this.keys.writer(streamId), this.keys.events(streamId), this.keys.abort(streamId)],
      [token, this.heartbeatTimeoutMilliseconds],
    );
    if (result !== 0) throw new StreamExistsError(streamId, result === 1);
    const retentionMilliseconds = Math.ceil((options.ttlSeconds ?? this.defaultTtlSeconds) * 1000);
    const writer = new RedisStreamWriter(this.writerContext, streamId, token, retentionMilliseconds);
    this.writers.set(streamId, writer);
    this.startHeartbeat();
    return writer;
  }

  async subscribe(streamId: string, options: SubscribeOptions = {}): Promise<StreamSubscription> {
    this.ensureOpen();
    const existing = await this.redis.exists(this.keys.writer(streamId), this.keys.events(streamId));
    if (existing === 0) return { status: 'missing' };
    return { status: 'found', events: this.follow(streamId, options) };
  }

  async isActive(streamId: string): Promise<boolean> {
    this.ensureOpen();
    return (await this.redis.exists(this.keys.writer(streamId))) === 1;
  }

  async ping(): Promise<void> {
    this.ensureOpen();
    await this.redis.ping();
  }

  async requestAbort(streamId: string): Promise<boolean> {
    this.ensureOpen();
    // The flag outlives a missed notification until the writer's next heartbeat reads it.
    const flagMilliseconds = Math.max(60_000, this.heartbeatTimeoutMilliseconds * 3);
    const result = await abortScript.run(
      this.redis,
      [this.keys.writer(streamId), this.keys.abort(streamId)],
      [this.keys.abortChannel, streamId, flagMilliseconds],
    );
    if (result === 1) this.writers.get(streamId)?.signalAbort();
    return result === 1;
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    for (const writer of [...this.writers.values()]) writer.stop('bus-closed');
    await this.reader.close();
    const abortListener = await this.abortListener?.catch(() => null);
    abortListener?.disconnect();
    // QUIT would wait for a connection that is down; then there is nothing to say goodbye to.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }

  private async *follow(streamId: string, options: SubscribeOptions): AsyncGenerator<StreamEvent> {
    const fromSequence = Math.max(0, options.fromSequence ?? 0);
    const queue = new StreamEventQueue(streamId, fromSequence);
    const detach = this.reader.attach(streamId, fromSequence, queue);
    try {
      yield* queue.drain(options.signal);
    } finally {
      detach();
    }
  }

  private listenForAborts(): Promise<Redis> {
    this.abortListener ??= (async () => {
      const listener = this.redis.duplicate({ connectionName: `${this.redis.options.connectionName}-abort` });
      listener.on('error', (error: Error) =>
        this.options.logger?.warn({ err: error }, 'stream abort listener'),
      );
      listener.on('message', (channel: string, streamId: string) => {
        if (channel === this.keys.abortChannel) this.writers.get(streamId)?.signalAbort();
      });
      try {
        await listener.subscribe(this.keys.abortChannel);
      } catch (error) {
        listener.disconnect();
        this.abortListener = null;
        throw error;
      }
      return listener;
    })();
    return this.abortListener;
  }

  private startHeartbeat(): void {
    if (this.heartbeatTimer) return;
    this.heartbeatTimer = setInterval(() => {
      for (const writer of this.writers.values()) {
        writer.heartbeat().catch((error: unknown) => {
          this.options.logger?.warn({ err: error, streamId: writer.streamId }, 'stream heartbeat failed');
        });
      }
    }, this.heartbeatTimeoutMilliseconds / 3);
    this.heartbeatTimer.unref();
  }

  private ensureOpen(): void {
    if (this.isClosed) throw new StreamBusError('The stream bus is closed');
  }
}
