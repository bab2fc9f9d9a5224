import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { endField, sequenceOf } from './redis-stream-entries.js';

/**
 * The Redis keys of one bus. A stream's keys share a hash tag, so each script touches one slot (the
 * reader's multi-key XREAD still needs a single Redis, not a cluster).
 */
export class RedisStreamKeys {
  constructor(readonly prefix: string) {}

  events(streamId: string): string {
    return `${this.prefix}:{${streamId}}:events`;
  }

  writer(streamId: string): string {
    return `${this.prefix}:{${streamId}}:writer`;
  }

  abort(streamId: string): string {
    return `${this.prefix}:{${streamId}}:abort`;
  }

  get abortChannel(): string {
    return `${this.prefix}:abort`;
  }

  /** The private stream a bus writes to so that its own blocked reader re-reads its list of keys. */
  wake(busId: string): string {
    return `${this.prefix}:wake:${busId}`;
  }
}

/** A Lua script sent by its SHA-1, and in full once when the server does not know it yet. */
export class RedisScript {
  private readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}

/** KEYS writer, events, abort; ARGV token, heartbeat ms → 0 opened, 1 active, 2 ended but retained. */
export const openScript = new RedisScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 1 end
if redis.call('EXISTS', KEYS[2]) == 1 then return 2 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('DEL', KEYS[3])
return 0
`);

/** KEYS writer, events; ARGV token, entry id, field, JSON, events expiry ms, heartbeat ms → 1, or 0 if not owner. */
export const appendScript = new RedisScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('XADD', KEYS[2], ARGV[2], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return 1
`);

/** KEYS writer, events, abort; ARGV token, entry id, EndRecord JSON, retention ms → 1, or 0 if not owner. */
export const finishScript = new RedisScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('XADD', KEYS[2], ARGV[2], '${endField}', ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
redis.call('DEL', KEYS[1], KEYS[3])
return 1
`);

/** KEYS writer, events, abort; ARGV token, heartbeat ms, events expiry ms → -1 not owner, 1 abort asked, 0. */
export const heartbeatScript = new RedisScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return redis.call('EXISTS', KEYS[3])
`);

/** KEYS writer, abort; ARGV channel, stream id, flag ms → 1 when the stream is active, else 0. */
export const abortScript = new RedisScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
redis.call('PUBLISH', ARGV[1], ARGV[2])
return 1
`);

export type StreamStatus = 'lost' | 'active' | 'ended' | 'missing';
const statusCodes: readonly StreamStatus[] = ['lost', 'active', 'ended', 'missing'];

/**
 * KEYS writer, events → [code, last entry id]. Without a writer, the last entry tells an ended stream
 * (end entry) from one whose writer died (anything else); the end script writes both at once, so no race.
 */
const statusScript = new RedisScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return {1, ''} end
local last = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)
if #last == 0 then return {3, ''} end
if last[1][2][1] == '${endField}' then return {2, last[1][1]} end
return {0, last[1][1]}
`);

export async function streamStatus(
  redis: Redis,
  keys: RedisStreamKeys,
  streamId: string,
): Promise<{ status: StreamStatus; lastSequence: number }> {
  const reply = (await statusScript.run(redis, [keys.writer(streamId), keys.events(streamId)], [])) as [
    number,
    string,
  ];
  return {
    status: statusCodes[reply[0]] ?? 'lost',
    lastSequence: reply[1] ? sequenceOf(reply[1]) : 0,
  };
}
