import type { FastifyInstance } from 'fastify';
import { buildApp, buildChatApp, buildHealthApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createContainer } from './container.js';
import { createLogger } from './logger.js';
import { runOrderedShutdown } from './ordered-shutdown.js';
import { environmentWithArguments } from './process-arguments.js';
import { isServingChatApi, isServingManagementApi } from './process-roles.js';
import { startupMarks, startupPhases } from './startup-phases.js';

// Below the 30 s grace period compose.yaml gives a container (and Kubernetes its pods) before SIGKILL.
const shutdownDeadlineMilliseconds = 25_000;

/**
 * The process: configuration, the container's start, the listeners its role opens, and a clean stop on
 * SIGTERM/SIGINT. Roles: `all` (default), `api`, `ai`, `worker` (`--role` or PLATFORM_ROLE).
 */
async function main(): Promise<void> {
  performance.mark(startupMarks.imported);
  const config = loadConfig(environmentWithArguments(process.argv.slice(2), process.env));
  const logger = createLogger(config.logLevel);
  const container = await createContainer(config, logger);
  performance.mark(startupMarks.containerBuilt);
  const { bootstrap } = await container.start({ writeKeyFile: true });
  performance.mark(startupMarks.bootstrapped);
  const listeners: FastifyInstance[] = [];
  const store =
    container.platform.store.engine === 'pglite' ? `PGlite in ${config.dataDirectory}` : 'PostgreSQL';
  const lines = [`platform is running as role ${config.role} (store: ${store})`];
  if (isServingManagementApi(config.role)) {
    const app = buildApp(container);
    listeners.push(app);
    const address = await app.listen({ host: config.host, port: config.port });
    // With PLATFORM_PORT=0 the port is known only now; URLs handed to clients must carry it.
    if (!config.isPublicUrlConfigured) config.publicUrl = address;
    lines.push(`  management and build API: ${address}  (OpenAPI: ${address}/api/v1/spec)`);
  }
  if (isServingChatApi(config.role)) {
    const chatApp = buildChatApp(container);
    listeners.push(chatApp);
    const address = await chatApp.listen({ host: config.host, port: config.aiPort });
    if (!config.isChatPublicUrlConfigured) config.chatPublicUrl = address;
    lines.push(`  chat API:                 ${address}  (OpenAPI: ${address}/api/v1/spec)`);
  }
  if (config.role === 'worker') {
    const healthApp = buildHealthApp(container);
    listeners.push(healthApp);
    const address = await healthApp.listen({ host: config.host, port: config.port });
    lines.push(`  working jobs; health probes: ${address}/healthz and ${address}/readyz`);
  }
  performance.mark(startupMarks.listening);
  const phases = startupPhases();
  logger.info({ phases }, `listening ${phases.total} ms after the process started`);
  if (bootstrap?.adminApiKey) {
    lines.push(
      `  admin API key (shown once): ${bootstrap.adminApiKey}`,
      bootstrap.adminKeyPath ? `  also saved to ${bootstrap.adminKeyPath} (mode 0600)` : '',
      `  try: curl -H "Authorization: Bearer ${bootstrap.adminApiKey}" ${config.publicUrl}/api/v1/deployments`,
    );
  } else if (bootstrap) {
    lines.push(`  admin API key: created on first start (see ${config.dataDirectory}/admin-key)`);
  }
  process.stdout.write(`${lines.filter(Boolean).join('\n')}\n`);

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, 'stopping: no new connections, finishing requests in flight');
    const isClean = await runOrderedShutdown(
      [
        // close() stops accepting and resolves once in-flight requests have been answered.
        { name: 'drain listeners', run: () => Promise.all(listeners.map((listener) => listener.close())) },
        // Then background work and the modules, which close the store last.
        { name: 'close jobs and modules', run: () => container.close() },
      ],
      logger,
      shutdownDeadlineMilliseconds,
    );
    process.exit(isClean ? 0 : 1);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`configuration error: ${error.message}\n`);
  } else {
    process.stderr.write(
      `platform failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
