import type { ProcessRole } from './config.js';

/** Roles whose process works background jobs (builds, dbt syncs) and the sweeps that take them over. */
export function isWorkingJobs(role: ProcessRole): boolean {
  return role === 'all' || role === 'worker';
}

/** Roles whose process serves the management, build and data APIs (and bootstraps the first account). */
export function isServingManagementApi(role: ProcessRole): boolean {
  return role === 'all' || role === 'api';
}

/** Roles whose process serves the Chat API listener. */
export function isServingChatApi(role: ProcessRole): boolean {
  return role === 'all' || role === 'ai';
}
