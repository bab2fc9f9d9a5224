import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RedisStreamBus } from '../../src/platform/streams/redis-stream-bus.js';
import type { StreamBusOptions } from '../../src/platform/streams/stream-bus.js';
import {
  type StreamAbortedError,
  type StreamFailedError,
  StreamWriterClosedError,
} from '../../src/platform/streams/stream-bus-errors.js';
import { describeDeliveryContract } from './stream-bus-delivery.contract.js';
import { describeLifecycleContract } from './stream-bus-lifecycle.contract.js';
import {
  eventually,
  fastOptions,
  follow,
  newStreamId,
  oneTo,
  type StreamBusHarness,
} from './stream-test-support.js';

const redisUrl = process.env.REDIS_URL;
// Each run writes under its own prefix and deletes it afterwards, so runs never see each other.
const keyPrefix = `test-streams-${randomUUID()}`;

async function deleteKeys(redis: Redis): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

const connect = (options: StreamBusOptions) =>
  RedisStreamBus.connect(redisUrl ?? '', { ...options, keyPrefix });

// Two buses on one Redis are two processes as far as the bus can tell.
const harness: StreamBusHarness = {
  createPair: async (options) => [await connect(options), await connect(options)],
  crashFailure: 'writer-lost',
};

describe.runIf(redisUrl)('Redis stream bus', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(redisUrl ?? '');
  });
  afterAll(async () => {
    await deleteKeys(redis);
    await redis.quit();
  });

  describeDeliveryContract('Redis stream bus', harness);
  describeLifecycleContract('Redis stream bus', harness);

  describe('in Redis', () => {
    let first: RedisStreamBus;
    let second: RedisStreamBus;
    beforeEach(async () => {
      first = await connect(fastOptions);
      second = await connect(fastOptions);
    });
    afterEach(async () => {
      await first?.close();
      await second?.close();
    });

    it('reads for 200 subscribers of one process over a single connection', async () => {
      // Buses of their own, so that connections of other tests still closing are not counted.
      const countedPrefix = `${keyPrefix}-counted`;
      const writing = await RedisStreamBus.connect(redisUrl ?? '', {
        ...fastOptions,
        keyPrefix: countedPrefix,
      });
      const reading = await RedisStreamBus.connect(redisUrl ?? '', {
        ...fastOptions,
        keyPrefix: countedPrefix,
      });
      try {
        const streamId = newStreamId();
        const writer = await writing.open(streamId);
        const subscribers = await Promise.all(oneTo(200).map(() => follow(reading, streamId)));
        await writer.append({ index: 1 });
        expect(
          await eventually(() => subscribers.every((subscriber) => subscriber.events.length === 1)),
        ).toBe(true);
        const connections = String(await redis.client('LIST'))
          .split('\n')
          .filter((line) => line.includes(` name=stream-bus:${countedPrefix}`));
        // The writing bus: commands and the abort listener; the reading bus: commands and one reader.
        expect(connections).toHaveLength(4);
        await writer.end();
        await Promise.all(subscribers.map((subscriber) => subscriber.done));
        expect(subscribers.every((subscriber) => subscriber.error === null)).toBe(true);
      } finally {
        await writing.close();
        await reading.close();
      }
    });

    it('stops a writer whose ownership expired, and tells its subscribers', async () => {
      const streamId = newStreamId();
      const writer = await first.open(streamId);
      const subscriber = await follow(second, streamId);
      await writer.append({ index: 1 });
      // What a writer stalled past the heartbeat timeout finds: its key gone.
      await redis.del(`${keyPrefix}:{${streamId}}:writer`);
      await expect(writer.append({ index: 2 })).rejects.toBeInstanceOf(StreamWriterClosedError);
      expect((writer.abortSignal.reason as StreamAbortedError).reason).toBe('writer-lost');
      await subscriber.done;
      expect(subscriber.indexes).toEqual([1]);
      expect((subscriber.error as StreamFailedError).failure).toBe('writer-lost');
    });

    it('picks up an abort whose notification was missed at the next heartbeat', async () => {
      const streamId = newStreamId();
      const writer = await first.open(streamId);
      await redis.set(`${keyPrefix}:{${streamId}}:abort`, '1', 'PX', 60_000);
      expect(await eventually(() => writer.abortSignal.aborted)).toBe(true);
      expect((writer.abortSignal.reason as StreamAbortedError).reason).toBe('abort-requested');
      await writer.end();
    });

    it('expires the events of a finished stream after its ttl', async () => {
      const streamId = newStreamId();
      const writer = await first.open(streamId, { ttlSeconds: 5 });
      await writer.append({ index: 1 });
      await writer.end();
      const remaining = await redis.pttl(`${keyPrefix}:{${streamId}}:events`);
      expect(remaining).toBeGreaterThan(0);
      expect(remaining).toBeLessThanOrEqual(5000);
      expect(await redis.exists(`${keyPrefix}:{${streamId}}:writer`)).toBe(0);
    });
  });
});
