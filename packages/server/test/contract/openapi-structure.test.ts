import { apiVersion, buildOpenApiDocument, type OpenApiDocument } from '@platform/contract';
import { describe, expect, it } from 'vitest';
import { registeredOperations } from '../security/operation-request.js';
import { reachableSchemas, structuralProblems } from './openapi-structure.js';

function freshDocument(): OpenApiDocument {
  return buildOpenApiDocument(registeredOperations, { version: apiVersion });
}

/** The checks the spec tests rely on must be able to fail: each broken document is caught. */
describe('the OpenAPI structure check', () => {
  it('finds nothing wrong with the built document', () => {
    expect(structuralProblems(freshDocument())).toEqual([]);
  });

  it('reports a missing operationId, a missing response description and an unresolved $ref', () => {
    const document = freshDocument();
    const [path, methods] = Object.entries(document.paths)[0] as [string, Record<string, never>];
    const [method] = Object.keys(methods) as [string];
    const operation = (document.paths[path] as Record<string, Record<string, unknown>>)[method] as Record<
      string,
      unknown
    >;
    delete operation.operationId;
    operation.responses = { '200': { content: {} } };
    operation.requestBody = {
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Nope' } } },
    };
    const problems = structuralProblems(document).join('\n');
    expect(problems).toMatch(/no operationId/);
    expect(problems).toMatch(/response 200 has no description/);
    expect(problems).toMatch(/unresolved \$ref #\/components\/schemas\/Nope/);
  });

  it('reports a security requirement without its scheme and a path parameter not declared', () => {
    const document = freshDocument();
    document.security = [{ missingScheme: [] }];
    document.paths['/api/v1/things/{thingId}'] = {
      get: { operationId: 'getThing', responses: { '200': { description: 'ok' } }, parameters: [] },
    };
    const problems = structuralProblems(document).join('\n');
    expect(problems).toMatch(/missingScheme is not in components.securitySchemes/);
    expect(problems).toMatch(/GET \/api\/v1\/things\/\{thingId\}: path parameters/);
  });

  it('follows references between components when working out the schemas in use', () => {
    const reached = reachableSchemas(freshDocument());
    expect(reached.has('ErrorBody')).toBe(true);
    expect(reached.has('PageInfo')).toBe(true);
  });
});
