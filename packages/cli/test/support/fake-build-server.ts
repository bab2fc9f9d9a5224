import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FinishUploadInput } from '../../src/deploy/deploy-api.js';
import { FakeDeployApi } from './fake-deploy-api.js';

export interface UploadedPart {
  transaction: string;
  fileName: string;
  fileBytes: number;
  contentType: string;
}

export interface FakeBuildServer {
  url: string;
  api: FakeDeployApi;
  uploads: UploadedPart[];
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Parses multipart the way a real server would receive it, with the platform's own Request parser. */
async function formOf(request: IncomingMessage, body: Buffer): Promise<FormData> {
  const parsed = new Request('http://fake.test/', {
    method: 'POST',
    headers: { 'content-type': request.headers['content-type'] ?? '' },
    body,
  });
  return parsed.formData();
}

/**
 * A local HTTP server speaking the build API's upload (validate included), hashes, build-status and validate routes over the
 * in-memory FakeDeployApi, so the real client (JSON and multipart) and the real fetch are exercised.
 */
export async function startFakeBuildServer(): Promise<FakeBuildServer> {
  const api = new FakeDeployApi();
  const uploads: UploadedPart[] = [];
  const route = async (request: IncomingMessage, body: Buffer): Promise<unknown> => {
    const url = new URL(request.url ?? '/', 'http://fake.test');
    const action = `${request.method} ${url.pathname.replace(/\/deployments\/\d+\//, '/deployments/:id/')}`;
    const branchName = url.searchParams.get('branchName') ?? undefined;
    switch (action) {
      case 'GET /build/api/v1/deployments/:id/data-model/file-hashes':
        return api.fileHashes();
      case 'POST /build/api/v1/deployments/:id/data-model/upload/start':
        return { transaction: await api.startUpload(), deploymentName: 'shop' };
      case 'POST /build/api/v1/deployments/:id/data-model/upload/file': {
        const form = await formOf(request, body);
        const file = form.get('file');
        const transaction = String(form.get('transaction'));
        const fileName = String(form.get('fileName'));
        if (!(file instanceof Blob)) throw new Error('no file part');
        const bytes = new Uint8Array(await file.arrayBuffer());
        uploads.push({
          transaction,
          fileName,
          fileBytes: bytes.byteLength,
          contentType: request.headers['content-type'] ?? '',
        });
        const hash = await api.uploadFile(JSON.parse(transaction), fileName, bytes);
        return { success: true, hash };
      }
      case 'POST /build/api/v1/deployments/:id/data-model/upload/validate': {
        const validation = await api.validateUpload(JSON.parse(body.toString()) as FinishUploadInput);
        return { branchName: branchName ?? 'main', ...validation, cubesCount: 0 };
      }
      case 'POST /build/api/v1/deployments/:id/data-model/upload/finish':
        return api.finishUpload(JSON.parse(body.toString()) as FinishUploadInput);
      case 'GET /api/v1/deployments/:id/build-status': {
        const status = await api.buildStatus();
        return {
          ...status,
          deploymentId: 5,
          mode: 'production',
          branchName: branchName ?? status.branchName,
        };
      }
      case 'GET /build/api/v1/deployments/:id/data-model/validate': {
        const errors = await api.validationErrors();
        return { branchName: branchName ?? 'main', valid: errors.length === 0, errors, cubesCount: 0 };
      }
      default:
        return null;
    }
  };
  const server: Server = createServer((request, response) => {
    bodyOf(request)
      .then((body) => route(request, body))
      .then((answer) => {
        response.writeHead(answer === null ? 404 : 200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer ?? { statusCode: 404, message: 'no such route' }));
      })
      .catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ statusCode: 500, message: String(error) }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    api,
    uploads,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
