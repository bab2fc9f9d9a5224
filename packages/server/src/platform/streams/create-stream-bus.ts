import type { Logger } from 'pino';
import { InProcessStreamBus } from './in-process-stream-bus.js';
import type { StreamBus, StreamBusOptions } from './stream-bus.js';

/**
 * Redis Streams when REDIS_URL is set, so every process sees every stream; otherwise this process only.
 * The Redis client is loaded only when it is used.
 */
export async function createStreamBus(
  options: StreamBusOptions & { redisUrl?: string | null; keyPrefix?: string; logger?: Logger },
): Promise<StreamBus> {
  const { redisUrl, ...busOptions } = options;
  if (!redisUrl) return new InProcessStreamBus(busOptions);
  const { RedisStreamBus } = await import('./redis-stream-bus.js');
  return RedisStreamBus.connect(redisUrl, busOptions);
}
