import type { OpenApiDocument } from '@platform/contract';

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);
const parameterLocations = new Set(['query', 'header', 'path', 'cookie']);
const securitySchemeTypes = new Set(['apiKey', 'http', 'mutualTLS', 'oauth2', 'openIdConnect']);
const componentName = /^[a-zA-Z0-9._-]+$/;
const responseKey = /^(default|[1-5](\d\d|XX))$/;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every `$ref` value anywhere in the value. */
export function referencesIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [inner] : referencesIn(inner),
  );
}

/** Follows a local JSON pointer (`#/a/b`); undefined when it leads nowhere. */
export function resolveReference(document: unknown, reference: string): unknown {
  if (!reference.startsWith('#/')) return undefined;
  let current: unknown = document;
  for (const raw of reference.slice(2).split('/')) {
    const segment = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(current) || !(segment in current)) return undefined;
    current = current[segment];
  }
  return current;
}

export function unresolvedReferences(document: OpenApiDocument): string[] {
  return [...new Set(referencesIn(document))].filter(
    (reference) => resolveReference(document, reference) === undefined,
  );
}

/** Component schemas reachable from the paths, following references between components. */
export function reachableSchemas(document: OpenApiDocument): Set<string> {
  const prefix = '#/components/schemas/';
  const reached = new Set<string>();
  const pending = referencesIn(document.paths);
  while (pending.length > 0) {
    const reference = pending.pop() as string;
    if (!reference.startsWith(prefix)) continue;
    const name = reference.slice(prefix.length);
    if (reached.has(name)) continue;
    reached.add(name);
    pending.push(...referencesIn(document.components.schemas[name]));
  }
  return reached;
}

function securityProblems(requirements: unknown, schemes: JsonObject, where: string): string[] {
  if (requirements === undefined) return [];
  if (!Array.isArray(requirements)) return [`${where}: security must be an array`];
  return requirements.flatMap((requirement) =>
    Object.keys(isObject(requirement) ? requirement : {})
      .filter((name) => !(name in schemes))
      .map((name) => `${where}: security scheme ${name} is not in components.securitySchemes`),
  );
}

function operationProblems(path: string, method: string, operation: JsonObject, schemes: JsonObject) {
  const where = `${method.toUpperCase()} ${path}`;
  const problems: string[] = [];
  if (typeof operation.operationId !== 'string') problems.push(`${where}: no operationId`);
  const responses = isObject(operation.responses) ? operation.responses : {};
  const statuses = Object.keys(responses);
  if (!statuses.some((status) => status.startsWith('2'))) problems.push(`${where}: no success response`);
  for (const [status, response] of Object.entries(responses)) {
    if (!responseKey.test(status)) problems.push(`${where}: response key ${status}`);
    if (!isObject(response) || typeof response.description !== 'string') {
      problems.push(`${where}: response ${status} has no description`);
    }
  }
  const parameters = Array.isArray(operation.parameters) ? operation.parameters.filter(isObject) : [];
  const seen = new Set<string>();
  for (const parameter of parameters) {
    const key = `${String(parameter.in)} ${String(parameter.name)}`;
    if (seen.has(key)) problems.push(`${where}: parameter ${key} twice`);
    seen.add(key);
    if (typeof parameter.name !== 'string') problems.push(`${where}: a parameter has no name`);
    if (!parameterLocations.has(String(parameter.in))) problems.push(`${where}: parameter in ${key}`);
    if (!isObject(parameter.schema)) problems.push(`${where}: parameter ${key} has no schema`);
    if (parameter.in === 'path' && parameter.required !== true) {
      problems.push(`${where}: path parameter ${key} is not required`);
    }
  }
  const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  const declared = parameters
    .filter((parameter) => parameter.in === 'path')
    .map((parameter) => parameter.name);
  if ([...templated].sort().join() !== [...declared].sort().join()) {
    problems.push(`${where}: path parameters ${declared.join()} do not match the template`);
  }
  if (operation.requestBody !== undefined) {
    const content = isObject(operation.requestBody) ? operation.requestBody.content : undefined;
    if (!isObject(content) || Object.keys(content).length === 0) problems.push(`${where}: empty requestBody`);
  }
  problems.push(...securityProblems(operation.security, schemes, where));
  return problems;
}

/** What makes the document invalid as OpenAPI 3.1, as far as the platform's documents go; empty if none. */
export function structuralProblems(document: OpenApiDocument): string[] {
  const problems: string[] = [];
  if (document.openapi !== '3.1.0') problems.push(`openapi is ${String(document.openapi)}`);
  if (typeof document.info?.title !== 'string' || typeof document.info?.version !== 'string') {
    problems.push('info needs title and version');
  }
  const schemes: Record<string, JsonObject> = document.components?.securitySchemes ?? {};
  for (const [name, scheme] of Object.entries(schemes)) {
    if (!componentName.test(name)) problems.push(`security scheme name ${name}`);
    if (!securitySchemeTypes.has(String(scheme.type))) problems.push(`security scheme ${name} type`);
    if (scheme.type === 'http' && typeof scheme.scheme !== 'string') problems.push(`${name} has no scheme`);
    if (scheme.type === 'apiKey' && (typeof scheme.name !== 'string' || !scheme.in)) {
      problems.push(`${name} needs name and in`);
    }
  }
  problems.push(...securityProblems(document.security, schemes, 'document'));
  for (const name of Object.keys(document.components?.schemas ?? {})) {
    if (!componentName.test(name)) problems.push(`component schema name ${name}`);
  }
  const operationIds = new Set<string>();
  const declaredTags = new Set(document.tags.map((tag) => tag.name));
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!path.startsWith('/')) problems.push(`path ${path} does not start with /`);
    for (const [method, operation] of Object.entries(methods)) {
      if (!httpMethods.has(method)) {
        if (method !== 'parameters' && method !== 'summary' && method !== 'description') {
          problems.push(`${path}: unknown key ${method}`);
        }
        continue;
      }
      problems.push(...operationProblems(path, method, operation, schemes));
      const operationId = String(operation.operationId);
      if (operationIds.has(operationId)) problems.push(`operationId ${operationId} twice`);
      operationIds.add(operationId);
      for (const tag of (operation.tags ?? []) as string[]) {
        if (!declaredTags.has(tag)) problems.push(`${operationId}: tag ${tag} is not declared`);
      }
    }
  }
  problems.push(...unresolvedReferences(document).map((reference) => `unresolved $ref ${reference}`));
  return problems;
}

/** The operationIds of a document. */
export function operationIdsOf(document: OpenApiDocument): string[] {
  return Object.values(document.paths).flatMap((methods) =>
    Object.entries(methods)
      .filter(([method]) => httpMethods.has(method))
      .map(([, operation]) => String(operation.operationId)),
  );
}
