import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StreamBus, StreamWriter } from '../../src/platform/streams/stream-bus.js';
import {
  eventually,
  fastOptions,
  follow,
  newStreamId,
  oneTo,
  range,
  type StreamBusHarness,
} from './stream-test-support.js';

async function appendIndexes(writer: StreamWriter, from: number, to: number): Promise<number[]> {
  const sequences: number[] = [];
  for (const index of range(from, to)) sequences.push(await writer.append({ index, text: `part ${index}` }));
  return sequences;
}

/** Delivery half of the contract both buses satisfy: order, backlog, fan-out, subscribers leaving. */
export function describeDeliveryContract(name: string, harness: StreamBusHarness): void {
  describe(`${name}: delivery`, () => {
    let first: StreamBus;
    let second: StreamBus;
    beforeEach(async () => {
      [first, second] = await harness.createPair(fastOptions);
    });
    afterEach(async () => {
      await first?.close();
      await second?.close();
    });

    it('delivers every event in order, numbered from 1 without gaps, with its JSON text', async () => {
      const streamId = newStreamId();
      const writer = await first.open(streamId);
      const subscriber = await follow(second, streamId);
      expect(await appendIndexes(writer, 1, 100)).toEqual(oneTo(100));
      await writer.end();
      await subscriber.done;
      expect(subscriber.error).toBeNull();
      expect(subscriber.sequences).toEqual(oneTo(100));
      expect(subscriber.indexes).toEqual(oneTo(100));
      for (const event of subscriber.events) {
        expect(JSON.parse(event.json)).toEqual(event.data);
        expect(event.data.text).toBe(`part ${event.data.index}`);
      }
    });

    it('keeps the order of appends that were not awaited one by one', async () => {
      const streamId = newStreamId();
      const writer = await first.open(streamId);
      const subscriber = await follow(second, streamId);
      const sequences = await Promise.all(range(1, 40).map((index) => writer.append({ index })));
      await writer.end();
      await subscriber.done;
      expect(sequences).toEqual(oneTo(40));
      expect(subscriber.indexes).toEqual(oneTo(40));
    });

    it('gives a late subscriber the backlog and then the live events, each once', async () => {
      const streamId = newStreamId();
      const writer = await first.open(streamId);
      await appendIndexes(writer, 1, 30);
      const fromStart = await follow(second, streamId);
      const resumed = await follow(first, streamId, { fromSequence: 12 });
      await appendIndexes(writer, 31, 40);
      // This one joins a stream that this bus is already reading past the point it asks for.
      expect(await eventually(() => fromStart.events.length === 40)).toBe(true);
      const joinedLate = await follow(second, streamId);
      const joinedLateResumed = await follow(second, streamId, { fromSequence: 35 });
      await Promise.all(range(41, 60).map((index) => writer.append({ index })));
      await writer.end();
      await Promise.all([fromStart.done, resumed.done, joinedLate.done, joinedLateResumed.done]);
      expect(fromStart.sequences).toEqual(oneTo(60));
      expect(resumed.sequences).toEqual(range(13, 60));
      expect(joinedLate.sequences).toEqual(oneTo(60));
      expect(joinedLateResumed.sequences).toEqual(range(36, 60));
      expect(joinedLate.indexes).toEqual(oneTo(60));
      for (const subscriber of [fromStart, resumed, joinedLate, joinedLateResumed]) {
        expect(subscriber.error).toBeNull();
      }
    });

    it('replays a finished stream to a subscriber that comes after the end', async () => {
      const streamId = newStreamId();
      const writer = await first.open(streamId);
      await appendIndexes(writer, 1, 10);
      await writer.end();
      const everything = await follow(second, streamId);
      const theRest = await follow(second, streamId, { fromSequence: 7 });
      const nothingLeft = await follow(first, streamId, { fromSequence: 10 });
      await Promise.all([everything.done, theRest.done, nothingLeft.done]);
      expect(everything.indexes).toEqual(oneTo(10));
      expect(theRest.indexes).toEqual(range(8, 10));
      expect(nothingLeft.events).toEqual([]);
      expect([everything.error, theRest.error, nothingLeft.error]).toEqual([null, null, null]);
    });

    it('gives several concurrent subscribers on both buses the same events', async () => {
      const streamId = newStreamId();
      const writer = await first.open(streamId);
      const subscribers = await Promise.all(
        range(1, 6).map((index) => follow(index % 2 === 0 ? first : second, streamId)),
      );
      await appendIndexes(writer, 1, 40);
      await writer.end();
      await Promise.all(subscribers.map((subscriber) => subscriber.done));
      for (const subscriber of subscribers) {
        expect(subscriber.error).toBeNull();
        expect(subscriber.indexes).toEqual(oneTo(40));
      }
    });

    it('follows a stream joined while the bus is already waiting on another one', async () => {
      const [firstId, secondId] = [newStreamId(), newStreamId()];
      const firstWriter = await first.open(firstId);
      const secondWriter = await first.open(secondId);
      const firstSubscriber = await follow(second, firstId);
      await firstWriter.append({ index: 1 });
      expect(await eventually(() => firstSubscriber.events.length === 1)).toBe(true);
      const secondSubscriber = await follow(second, secondId);
      for (const index of range(1, 10)) await secondWriter.append({ index });
      // Nothing new on the first stream until the second one has been read: only a wake-up delivers it.
      expect(await eventually(() => secondSubscriber.events.length === 10)).toBe(true);
      await firstWriter.append({ index: 2 });
      await Promise.all([firstWriter.end(), secondWriter.end()]);
      await Promise.all([firstSubscriber.done, secondSubscriber.done]);
      expect(firstSubscriber.indexes).toEqual([1, 2]);
      expect(secondSubscriber.indexes).toEqual(oneTo(10));
    });

    it('lets subscribers leave without disturbing the writer or the other subscribers', async () => {
      const streamId = newStreamId();
      const writer = await first.open(streamId);
      const leavesByBreaking = await follow(second, streamId, { stopAfter: 3 });
      const disconnect = new AbortController();
      const leavesBySignal = await follow(second, streamId, { signal: disconnect.signal });
      const staying = await follow(second, streamId);
      await appendIndexes(writer, 1, 5);
      await leavesByBreaking.done;
      expect(await eventually(() => leavesBySignal.events.length === 5)).toBe(true);
      disconnect.abort();
      await leavesBySignal.done;
      await appendIndexes(writer, 6, 20);
      expect(writer.abortSignal.aborted).toBe(false);
      expect(await first.isActive(streamId)).toBe(true);
      expect(await second.isActive(streamId)).toBe(true);
      await writer.end();
      await staying.done;
      expect(leavesByBreaking.indexes).toEqual(oneTo(3));
      expect(leavesBySignal.indexes).toEqual(oneTo(5));
      expect(leavesBySignal.error).toBeNull();
      expect(staying.indexes).toEqual(oneTo(20));
    });

    it('ends at once for a subscriber whose signal is already aborted', async () => {
      const streamId = newStreamId();
      const writer = await first.open(streamId);
      await appendIndexes(writer, 1, 3);
      const subscriber = await follow(second, streamId, { signal: AbortSignal.abort() });
      await subscriber.done;
      expect(subscriber.events).toEqual([]);
      expect(subscriber.error).toBeNull();
      await writer.end();
    });

    it('serves 200 concurrent subscribers of one stream, some joining mid-stream', async () => {
      const streamId = newStreamId();
      const writer = await first.open(streamId);
      const join = (count: number) =>
        Promise.all(range(1, count).map((index) => follow(index % 2 === 0 ? first : second, streamId)));
      const early = await join(100);
      await appendIndexes(writer, 1, 25);
      const late = await join(100);
      await appendIndexes(writer, 26, 50);
      await writer.end();
      const everyone = [...early, ...late];
      await Promise.all(everyone.map((subscriber) => subscriber.done));
      expect(everyone).toHaveLength(200);
      for (const subscriber of everyone) {
        expect(subscriber.error).toBeNull();
        expect(subscriber.sequences).toEqual(oneTo(50));
      }
    });
  });
}
