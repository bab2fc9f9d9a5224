import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StreamBus } from '../../src/platform/streams/stream-bus.js';
import {
  StreamAbortedError,
  StreamBusError,
  StreamExistsError,
  StreamFailedError,
  StreamLimitError,
  StreamWriterClosedError,
} from '../../src/platform/streams/stream-bus-errors.js';
import {
  eventually,
  fastOptions,
  follow,
  newStreamId,
  oneTo,
  type StreamBusHarness,
} from './stream-test-support.js';

/** Lifecycle half of the contract: ownership, abort, failure, limits, expiry and crashed writers. */
export function describeLifecycleContract(name: string, harness: StreamBusHarness): void {
  describe(`${name}: lifecycle`, () => {
    let first: StreamBus;
    let second: StreamBus;
    beforeEach(async () => {
      [first, second] = await harness.createPair(fastOptions);
    });
    afterEach(async () => {
      await first?.close();
      await second?.close();
    });

    it('refuses a second writer while the stream is active and while it is retained', async () => {
      const streamId = newStreamId();
      const writer = await first.open(streamId);
      for (const bus of [first, second]) {
        await expect(bus.open(streamId)).rejects.toSatisfy(
          (error) => error instanceof StreamExistsError && error.isActive,
        );
        expect(await bus.isActive(streamId)).toBe(true);
      }
      await writer.append({ index: 1 });
      await writer.end();
      await writer.end();
      for (const bus of [first, second]) {
        expect(await bus.isActive(streamId)).toBe(false);
        await expect(bus.open(streamId)).rejects.toSatisfy(
          (error) => error instanceof StreamExistsError && !error.isActive,
        );
      }
      await expect(writer.append({ index: 2 })).rejects.toBeInstanceOf(StreamWriterClosedError);
    });

    it('tells an unknown stream apart from an empty one, and refuses an empty id', async () => {
      expect(await first.subscribe(newStreamId())).toEqual({ status: 'missing' });
      await expect(first.open('')).rejects.toBeInstanceOf(StreamBusError);
      expect(await second.isActive(newStreamId())).toBe(false);
      const streamId = newStreamId();
      const writer = await first.open(streamId);
      expect((await second.subscribe(streamId)).status).toBe('found');
      await writer.end();
    });

    it('carries an abort requested on the other bus to the writer, which ends the stream itself', async () => {
      const streamId = newStreamId();
      const writer = await first.open(streamId);
      const subscriber = await follow(second, streamId);
      await writer.append({ index: 1 });
      expect(await second.requestAbort(streamId)).toBe(true);
      expect(await eventually(() => writer.abortSignal.aborted)).toBe(true);
      const reason = writer.abortSignal.reason;
      expect(reason).toBeInstanceOf(StreamAbortedError);
      expect((reason as StreamAbortedError).reason).toBe('abort-requested');
      // The stream stays active until the writer has written its last words.
      expect(await second.isActive(streamId)).toBe(true);
      await writer.append({ id: '__aborted__' });
      await writer.end();
      await subscriber.done;
      expect(subscriber.events.map((event) => event.data.index ?? event.data.id)).toEqual([1, '__aborted__']);
      expect(await second.requestAbort(streamId)).toBe(false);
      expect(await first.requestAbort(newStreamId())).toBe(false);
    });

    it("ends subscribers with the writer's failure message", async () => {
      const streamId = newStreamId();
      const writer = await first.open(streamId);
      const subscriber = await follow(second, streamId);
      await writer.append({ index: 1 });
      await writer.fail('the model provider is unreachable');
      await subscriber.done;
      expect(subscriber.indexes).toEqual([1]);
      expect(subscriber.error).toBeInstanceOf(StreamFailedError);
      expect((subscriber.error as StreamFailedError).failure).toBe('failed');
      expect((subscriber.error as StreamFailedError).message).toBe('the model provider is unreachable');
      const late = await follow(first, streamId);
      await late.done;
      expect(late.indexes).toEqual([1]);
      expect((late.error as StreamFailedError).message).toBe('the model provider is unreachable');
      expect(await first.isActive(streamId)).toBe(false);
    });

    it('keeps a finished stream for its ttl and then forgets it', async () => {
      const streamId = newStreamId();
      const writer = await first.open(streamId, { ttlSeconds: 0.4 });
      await writer.append({ index: 1 });
      await writer.end();
      const subscriber = await follow(second, streamId);
      await subscriber.done;
      expect(subscriber.indexes).toEqual([1]);
      expect(await eventually(async () => (await second.subscribe(streamId)).status === 'missing')).toBe(
        true,
      );
      expect(await first.isActive(streamId)).toBe(false);
      // Once forgotten, the id is free again.
      const again = await first.open(streamId);
      await again.end();
    });

    it('reports a writer whose bus closed without ending to the subscribers', async () => {
      const streamId = newStreamId();
      const writer = await first.open(streamId);
      const subscriber = await follow(second, streamId);
      await writer.append({ index: 1 });
      await writer.append({ index: 2 });
      expect(await eventually(() => subscriber.events.length === 2)).toBe(true);
      await first.close();
      expect(writer.abortSignal.aborted).toBe(true);
      expect((writer.abortSignal.reason as StreamAbortedError).reason).toBe('bus-closed');
      await expect(writer.append({ index: 3 })).rejects.toBeInstanceOf(StreamWriterClosedError);
      await subscriber.done;
      expect(subscriber.indexes).toEqual([1, 2]);
      expect(subscriber.error).toBeInstanceOf(StreamFailedError);
      expect((subscriber.error as StreamFailedError).failure).toBe(harness.crashFailure);
    });
  });

  describe(`${name}: closing`, () => {
    it('refuses every operation once closed, and closes twice harmlessly', async () => {
      const [bus] = await harness.createPair(fastOptions);
      await bus.close();
      await bus.close();
      await expect(bus.open(newStreamId())).rejects.toBeInstanceOf(StreamBusError);
      await expect(bus.subscribe(newStreamId())).rejects.toBeInstanceOf(StreamBusError);
      await expect(bus.isActive(newStreamId())).rejects.toBeInstanceOf(StreamBusError);
      await expect(bus.requestAbort(newStreamId())).rejects.toBeInstanceOf(StreamBusError);
    });
  });

  describe(`${name}: event limit`, () => {
    let first: StreamBus;
    let second: StreamBus;
    beforeEach(async () => {
      [first, second] = await harness.createPair({ ...fastOptions, maxEventsPerStream: 5 });
    });
    afterEach(async () => {
      await first?.close();
      await second?.close();
    });

    it('fails the stream with a clear error when a writer goes past the limit', async () => {
      const streamId = newStreamId();
      const writer = await first.open(streamId);
      const subscriber = await follow(second, streamId);
      for (const index of oneTo(5)) await writer.append({ index });
      await expect(writer.append({ index: 6 })).rejects.toBeInstanceOf(StreamLimitError);
      expect((writer.abortSignal.reason as StreamAbortedError).reason).toBe('event-limit');
      await subscriber.done;
      expect(subscriber.indexes).toEqual(oneTo(5));
      expect((subscriber.error as StreamFailedError).failure).toBe('event-limit');
      expect((subscriber.error as StreamFailedError).message).toBe(
        'The stream exceeded its limit of 5 events',
      );
      expect(await second.isActive(streamId)).toBe(false);
      await expect(writer.append({ index: 7 })).rejects.toBeInstanceOf(StreamWriterClosedError);
    });
  });
}
