import { buildApp, buildChatApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createContainer } from './container.js';
import { createLogger } from './logger.js';
import { runOrderedShutdown } from './ordered-shutdown.js';
import { startupMarks, startupPhases } from './startup-phases.js';

// Below the 30 s grace period compose.yaml gives a container (and Kubernetes its pods) before SIGKILL.
const shutdownDeadlineMilliseconds = 25_000;

/** The process: configuration, store, bootstrap, two listeners, and a clean stop on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  performance.mark(startupMarks.imported);
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const container = await createContainer(config, logger);
  performance.mark(startupMarks.containerBuilt);
  const bootstrap = await container.bootstrap.run({ writeKeyFile: true });
  performance.mark(startupMarks.bootstrapped);
  const app = buildApp(container);
  const chatApp = buildChatApp(container);
  const managementAddress = await app.listen({ host: config.host, port: config.port });
  const chatAddress = await chatApp.listen({ host: config.host, port: config.aiPort });
  // With PLATFORM_PORT=0 the port is known only now; URLs handed to clients must carry it.
  if (!config.isPublicUrlConfigured) config.publicUrl = managementAddress;
  if (!config.isChatPublicUrlConfigured) config.chatPublicUrl = chatAddress;
  performance.mark(startupMarks.listening);
  const phases = startupPhases();
  logger.info({ phases }, `listening ${phases.total} ms after the process started`);

  const lines = [
    `platform is running (store: ${container.store.engine === 'pglite' ? `PGlite in ${config.dataDirectory}` : 'PostgreSQL'})`,
    `  management and build API: ${managementAddress}  (OpenAPI: ${managementAddress}/api/v1/spec)`,
    `  chat API:                 ${chatAddress}  (OpenAPI: ${chatAddress}/api/v1/spec)`,
  ];
  if (bootstrap.adminApiKey) {
    lines.push(
      `  admin API key (shown once): ${bootstrap.adminApiKey}`,
      bootstrap.adminKeyPath ? `  also saved to ${bootstrap.adminKeyPath} (mode 0600)` : '',
      `  try: curl -H "Authorization: Bearer ${bootstrap.adminApiKey}" ${managementAddress}/api/v1/deployments`,
    );
  } else {
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
        { name: 'drain listeners', run: () => Promise.all([app.close(), chatApp.close()]) },
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
