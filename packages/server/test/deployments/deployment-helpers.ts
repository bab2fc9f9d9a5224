import { randomBytes } from 'node:crypto';
import type { DeploymentLogEntry, DeploymentSettings } from '@platform/contract';
import type { TestServer } from '../support/test-server.js';

export interface ErrorResponseBody {
  statusCode: number;
  code: string;
  message: string;
}

export function uniqueDeploymentName(prefix = 'deployment'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** Creates a deployment through the build API and fails the test with the error body otherwise. */
export async function createDeployment(
  server: TestServer,
  body: Record<string, unknown> = {},
  key?: string,
): Promise<DeploymentSettings> {
  const response = await server.request({
    method: 'POST',
    url: '/build/api/v1/deployments',
    body: { name: uniqueDeploymentName(), ...body },
    ...(key ? { key } : {}),
  });
  if (response.status !== 201) {
    throw new Error(`could not create deployment: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body as DeploymentSettings;
}

export async function updateDeployment(
  server: TestServer,
  deploymentId: number,
  body: Record<string, unknown>,
): Promise<{ status: number; body: DeploymentSettings & ErrorResponseBody }> {
  const response = await server.request({ method: 'PUT', url: `/api/v1/deployments/${deploymentId}`, body });
  return { status: response.status, body: response.body as DeploymentSettings & ErrorResponseBody };
}

/** Every log line of a deployment, following the cursor to the end. */
export async function readAllLogs(
  server: TestServer,
  deploymentId: number,
  filter = '',
): Promise<DeploymentLogEntry[]> {
  const entries: DeploymentLogEntry[] = [];
  let after: string | null = null;
  do {
    const url: string = `/api/v1/deployments/${deploymentId}/logs?first=100${filter}${after ? `&after=${after}` : ''}`;
    const response = await server.request({ method: 'GET', url });
    if (response.status !== 200) throw new Error(`could not read logs: ${JSON.stringify(response.body)}`);
    const page = response.body as {
      items: DeploymentLogEntry[];
      pageInfo: { endCursor: string | null; hasNextPage: boolean };
    };
    entries.push(...page.items);
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after);
  return entries;
}

/** An API key for the admin user limited to some deployments. */
export async function createScopedKey(server: TestServer, deploymentIds: number[]): Promise<string> {
  const response = await server.request({
    method: 'POST',
    url: '/api/v1/api-keys',
    body: { name: 'scoped', deploymentIds },
  });
  if (response.status !== 201) throw new Error(`could not create key: ${JSON.stringify(response.body)}`);
  return (response.body as { token: string }).token;
}
