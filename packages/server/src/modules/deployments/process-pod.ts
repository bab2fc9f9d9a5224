import { hostname } from 'node:os';

/**
 * Every process serves every deployment, so "the pod" of a deployment is this process. Its name is
 * written here once: the pods listing shows it and every log line this process appends carries it.
 */
export const processPodName = `${hostname()}-${process.pid}`;

/** The parts of this process, named as the log containers they write to. */
export const processPodContainers = ['MAIN', 'enginejs-server', 'api-proxy'] as const;
