import { Writable } from 'node:stream';
import { loadConfig } from '../../src/config.js';
import { type Container, createContainer } from '../../src/container.js';
import { createLogger } from '../../src/logger.js';

const silent = new Writable({
  write(_chunk, _encoding, callback) {
    callback();
  },
});

/**
 * A container on the embedded store in a data directory, as `npm start` runs it, bootstrapped and quiet:
 * closing it and starting another on the same directory is a restart of the server.
 */
export async function startDiskContainer(
  dataDirectory: string,
  environment: Record<string, string> = {},
): Promise<Container> {
  const config = loadConfig({
    PLATFORM_DATA_DIR: dataDirectory,
    PLATFORM_PORT: '0',
    PLATFORM_AI_PORT: '0',
    PLATFORM_DEMO_SCALE: '0.01',
    LOG_LEVEL: 'warn',
    ...environment,
  });
  const container = await createContainer(config, createLogger(config.logLevel, silent));
  await container.start({ writeKeyFile: false });
  await container.platform.jobs.idle();
  return container;
}
