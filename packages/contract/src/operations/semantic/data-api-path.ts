import type { ErrorCode } from '../../errors/error-catalogue.js';

/** The data API answers under the deployment's `deploymentUrl` (`{publicUrl}/deployments/{id}/data`). */
export function dataApiPath(endpoint: string): string {
  return `/deployments/{deploymentId}/data/v1/${endpoint}`;
}

/** Beyond 400/401/403/500: a missing deployment or branch, and the warehouse's failures. */
export const dataApiErrors: readonly ErrorCode[] = [
  'NOT_FOUND',
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
  'GATEWAY_TIMEOUT',
];
