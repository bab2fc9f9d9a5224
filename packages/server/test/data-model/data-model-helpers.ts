import { randomBytes } from 'node:crypto';
import type { BuildStatus } from '@platform/contract';
import { expect } from 'vitest';
import { createDeployment } from '../deployments/deployment-helpers.js';
import type { TestServer } from '../support/test-server.js';

export interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

/** A fresh deployment (empty data model on `main`) and its build-API base path. */
export async function createModelDeployment(server: TestServer, key?: string) {
  const deployment = await createDeployment(server, {}, key);
  return { deploymentId: deployment.id, base: `/build/api/v1/deployments/${deployment.id}` };
}

export async function startDevMode(server: TestServer, base: string, key?: string, branchName?: string) {
  const answer = await server.request({
    method: 'POST',
    url: `${base}/dev-mode`,
    body: branchName ? { branchName } : {},
    ...(key ? { key } : {}),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { active: true; branchName: string; parentBranch: string };
}

export async function writeFiles(
  server: TestServer,
  base: string,
  files: Record<string, string>,
  options: { key?: string; branchName?: string; lastHash?: string } = {},
): Promise<Answer> {
  return server.request({
    method: 'PUT',
    url: `${base}/data-model/files`,
    body: {
      files: Object.entries(files).map(([path, content]) => ({ path, content })),
      ...(options.branchName ? { branchName: options.branchName } : {}),
      ...(options.lastHash ? { lastHash: options.lastHash } : {}),
    },
    ...(options.key ? { key: options.key } : {}),
  });
}

/** The files of a branch with their text, flattened from the tree: path → content. */
export async function readFiles(
  server: TestServer,
  base: string,
  branchName?: string,
  key?: string,
): Promise<Record<string, string>> {
  const query = `withContent=true${branchName ? `&branchName=${encodeURIComponent(branchName)}` : ''}`;
  const answer = await server.request({
    method: 'GET',
    url: `${base}/data-model/files?${query}`,
    ...(key ? { key } : {}),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const files: Record<string, string> = {};
  type Node = { path: string; type: string; content?: string; children?: Node[] };
  const visit = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.type === 'file') files[node.path] = node.content ?? '';
      else visit(node.children ?? []);
    }
  };
  visit((answer.body as { files: Node[] }).files);
  return files;
}

export async function headOf(server: TestServer, base: string, branchName: string): Promise<string> {
  const answer = await server.request({
    method: 'GET',
    url: `${base}/data-model/files?branchName=${encodeURIComponent(branchName)}`,
  });
  return (answer.body as { lastHash: string }).lastHash;
}

/** Polls build-status until the latest build of the branch is no longer `building`. */
export async function waitForBuild(
  server: TestServer,
  deploymentId: number,
  branchName: string,
): Promise<BuildStatus> {
  const url = `/api/v1/deployments/${deploymentId}/build-status?branchName=${encodeURIComponent(branchName)}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = (await server.request({ method: 'GET', url })).body as BuildStatus;
    if (status.status !== 'building') return status;
    if (Date.now() > deadline) throw new Error(`the build of ${branchName} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A multipart/form-data request body with text fields and one file. */
export function multipartOf(fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
  const boundary = `----platform${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Stages one file in an upload transaction through the multipart route. */
export async function uploadFile(
  server: TestServer,
  base: string,
  transactionId: string,
  fileName: string,
  bytes: Buffer,
  key: string = server.adminKey,
): Promise<Answer> {
  const body = multipartOf(
    { transaction: JSON.stringify({ id: transactionId }), fileName },
    { name: fileName, bytes },
  );
  const response = await server.app.inject({
    method: 'POST',
    url: `${base}/data-model/upload/file`,
    headers: { authorization: `Bearer ${key}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as unknown,
    headers: response.headers,
  };
}

export const validCube = (name: string) => `cubes:
  - name: ${name}
    sql_table: ${name}
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
    measures:
      - name: count
        type: count
`;
