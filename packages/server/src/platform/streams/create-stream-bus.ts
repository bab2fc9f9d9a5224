import type { Logger } from 'pino';
import { InProcessStreamBus } from './in-process-stream-bus.js';
import { RedisStreamBus } from './redis-stream-bus.js';
import type { StreamBus, StreamBusOptions } from './stream-bus.js';

/** Redis Streams when REDIS_URL is set, so every process sees every stream; otherwise this process only. */
export function createStreamBus(
  options: StreamBusOptions & { redisUrl?: string | null; keyPrefix?: string; logger?: Logger },
): Promise<StreamBus> {
  const { redisUrl, ...busOptions } = options;
  return redisUrl
    ? RedisStreamBus.connect(redisUrl, busOptions)
    : Promise.resolve(new InProcessStreamBus(busOptions));
}
