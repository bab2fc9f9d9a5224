import type { Logger } from 'pino';

export interface ShutdownStep {
  name: string;
  run: () => Promise<unknown>;
}

/**
 * Runs the steps one after another (each starts when the previous has finished), logging each with its
 * duration. Resolves true when all finished within the deadline; false when one failed or the deadline
 * passed, so the process exits non-zero instead of hanging until its supervisor kills it.
 */
export async function runOrderedShutdown(
  steps: readonly ShutdownStep[],
  logger: Logger,
  deadlineMilliseconds: number,
): Promise<boolean> {
  const startedAt = performance.now();
  let current = 'starting';
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      logger.error(
        { step: current, deadlineMilliseconds },
        `stop: "${current}" still running at the deadline`,
      );
      resolve(false);
    }, deadlineMilliseconds);
  });
  const sequence = (async () => {
    for (const step of steps) {
      current = step.name;
      const stepStartedAt = performance.now();
      try {
        await step.run();
      } catch (error) {
        logger.error({ err: error, step: step.name }, `stop: "${step.name}" failed`);
        return false;
      }
      logger.info(
        { step: step.name, milliseconds: Math.round(performance.now() - stepStartedAt) },
        `stop: ${step.name} done`,
      );
    }
    logger.info({ milliseconds: Math.round(performance.now() - startedAt) }, 'stopped');
    return true;
  })();
  try {
    return await Promise.race([sequence, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
