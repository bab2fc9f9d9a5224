import type { OpenApiDocument } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../http/expect-error-body.js';
import { registeredOperations } from '../security/operation-request.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import {
  operationIdsOf,
  reachableSchemas,
  structuralProblems,
  unresolvedReferences,
} from './openapi-structure.js';

const allOperationIds = registeredOperations.map((operation) => operation.operationId);

/** What `?search=` must match, worked out from the registry rather than from the document. */
function expectedMatches(text: string): string[] {
  const needle = text.toLowerCase();
  return registeredOperations
    .filter((operation) =>
      [operation.method, operation.path, operation.summary, operation.operationId].some((field) =>
        field.toLowerCase().includes(needle),
      ),
    )
    .map((operation) => operation.operationId);
}

const sorted = (values: string[]) => [...values].sort();

describe('GET /api/v1/spec', () => {
  let server: TestServer;
  let fullDocument: OpenApiDocument;

  async function fetchSpec(query: string): Promise<{ status: number; document: OpenApiDocument }> {
    const answer = await server.request({ method: 'GET', url: `/api/v1/spec${query}` });
    return { status: answer.status, document: answer.body as OpenApiDocument };
  }

  beforeAll(async () => {
    server = await startTestServer();
    const answer = await fetchSpec('');
    expect(answer.status).toBe(200);
    fullDocument = answer.document;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('returns an OpenAPI 3.1 document with every operation of the registry, once', () => {
    expect(fullDocument.openapi).toBe('3.1.0');
    expect(sorted(operationIdsOf(fullDocument))).toEqual(sorted(allOperationIds));
  });

  it('names the dashboard and content components as SPEC.md does, and tags publishDashboard Workbooks', () => {
    // API-NOTES.md "Dashboards" (ChatThreadPolicy comes with the tenant settings).
    const named = [
      'Dashboard',
      'PublishDashboardInput',
      'DashboardConfigInput',
      'DashboardConfig',
      'DashboardAppSource',
      'DashboardLayout',
      'DashboardWidget',
      'DashboardThemeInput',
      'ReportSnapshot',
      'FillMissingRows',
      'PeriodComparison',
      'ReportPlacement',
      'ConnectReportToWorkbookInput',
      'UpdatePublishedAiWidgetThreadInput',
      'FoldersListResponse',
      'ReportsListResponse',
    ];
    const components = Object.keys(fullDocument.components?.schemas ?? {});
    expect(named.filter((name) => !components.includes(name))).toEqual([]);
    const publish =
      fullDocument.paths['/api/v1/deployments/{deploymentId}/workbooks/{workbookId}/publish']?.post;
    expect(publish?.tags).toEqual(['Workbooks']);
    expect((publish?.requestBody as { required?: boolean } | undefined)?.required).not.toBe(true);
  });

  it('places every operation at its method and path', () => {
    for (const operation of registeredOperations) {
      const entry = fullDocument.paths[operation.path]?.[operation.method.toLowerCase()];
      expect(entry?.operationId, operation.operationId).toBe(operation.operationId);
    }
  });

  it('is structurally valid: operationIds, responses, parameters, security schemes, references', () => {
    expect(structuralProblems(fullDocument)).toEqual([]);
  });

  it('names the scope of every data-API operation, and of no other', () => {
    for (const operation of registeredOperations) {
      const entry = fullDocument.paths[operation.path]?.[operation.method.toLowerCase()] as
        | Record<string, unknown>
        | undefined;
      const expected = operation.authScheme === 'dataApi' ? expect.any(String) : undefined;
      expect(operation.dataApiScope ?? undefined, operation.operationId).toEqual(expected);
      expect(entry?.['x-data-api-scope'], operation.operationId).toEqual(expected);
    }
  });

  it('requires a credential on every operation through schemes it defines', () => {
    expect(fullDocument.security.length).toBeGreaterThan(0);
    for (const requirement of fullDocument.security) {
      for (const name of Object.keys(requirement)) {
        expect(fullDocument.components.securitySchemes).toHaveProperty(name);
      }
    }
  });

  it('returns only the operations named by repeated operationId parameters', async () => {
    const { status, document } = await fetchSpec('?operationId=getUser&operationId=deleteApiKey');
    expect(status).toBe(200);
    expect(sorted(operationIdsOf(document))).toEqual(['deleteApiKey', 'getUser']);
    const single = await fetchSpec('?operationId=listUsers');
    expect(operationIdsOf(single.document)).toEqual(['listUsers']);
  });

  it.each(['USERS', 'Api-Keys', 'delete', 'Post', 'CREDENTIAL', 'GetCurrentUser'])(
    'returns every operation whose method, path, summary or operationId contains "%s"',
    async (text) => {
      const expected = expectedMatches(text);
      expect(expected.length).toBeGreaterThan(0);
      const { status, document } = await fetchSpec(`?search=${encodeURIComponent(text)}`);
      expect(status).toBe(200);
      expect(sorted(operationIdsOf(document))).toEqual(sorted(expected));
    },
  );

  it.each([
    ['an unknown operationId', '?operationId=noSuchOperation'],
    ['a search without match', '?search=zzz-no-such-text'],
  ])('answers %s with 404 and the error body', async (_label, query) => {
    const answer = await server.request({ method: 'GET', url: `/api/v1/spec${query}` });
    expectErrorBody(answer, 'NOT_FOUND');
  });

  it.each(allOperationIds)(
    'filters %s into a valid, self-contained document holding just the schemas it uses',
    async (operationId) => {
      const { status, document } = await fetchSpec(`?operationId=${operationId}`);
      expect(status).toBe(200);
      expect(operationIdsOf(document)).toEqual([operationId]);
      expect(unresolvedReferences(document)).toEqual([]);
      expect(structuralProblems(document)).toEqual([]);
      expect(sorted(Object.keys(document.components.schemas))).toEqual(
        sorted([...reachableSchemas(document)]),
      );
      expect(document.components.securitySchemes).toEqual(fullDocument.components.securitySchemes);
    },
  );

  it('keeps a filtered document self-contained for a search spanning several operations', async () => {
    const { document } = await fetchSpec('?search=deployments');
    expect(operationIdsOf(document).length).toBeGreaterThan(1);
    expect(structuralProblems(document)).toEqual([]);
    expect(sorted(Object.keys(document.components.schemas))).toEqual(sorted([...reachableSchemas(document)]));
  });
});
