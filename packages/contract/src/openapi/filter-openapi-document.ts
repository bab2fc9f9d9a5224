import type { JsonSchema, OpenApiDocument } from './build-openapi-document.js';

export interface OpenApiFilter {
  operationIds?: readonly string[];
  search?: string;
}

const componentPrefix = '#/components/schemas/';

function referencedSchemas(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) referencedSchemas(item, found);
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (key === '$ref' && typeof inner === 'string' && inner.startsWith(componentPrefix)) {
      found.add(inner.slice(componentPrefix.length));
    } else {
      referencedSchemas(inner, found);
    }
  }
}

/**
 * Keeps only the operations that match, and the transitive closure of the component schemas they use,
 * so the result is itself a valid, self-contained document. Returns null when nothing matches.
 */
export function filterOpenApiDocument(
  document: OpenApiDocument,
  filter: OpenApiFilter,
): OpenApiDocument | null {
  const wanted = new Set(filter.operationIds ?? []);
  const search = filter.search?.toLowerCase();
  const paths: OpenApiDocument['paths'] = {};
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const operationId = String(operation.operationId);
      const byId = wanted.size > 0 && wanted.has(operationId);
      const bySearch =
        search !== undefined &&
        [method, path, String(operation.summary ?? ''), operationId].some((text) =>
          text.toLowerCase().includes(search),
        );
      if (byId || bySearch) {
        paths[path] ??= {};
        (paths[path] as Record<string, JsonSchema>)[method] = operation;
      }
    }
  }
  if (Object.keys(paths).length === 0) return null;
  const names = new Set<string>();
  referencedSchemas(paths, names);
  const pending = [...names];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    const nested = new Set<string>();
    referencedSchemas(document.components.schemas[name], nested);
    for (const inner of nested) {
      if (names.has(inner)) continue;
      names.add(inner);
      pending.push(inner);
    }
  }
  const schemas = Object.fromEntries(
    Object.entries(document.components.schemas).filter(([name]) => names.has(name)),
  );
  const usedTags = new Set(
    Object.values(paths).flatMap((methods) =>
      Object.values(methods).flatMap((operation) => operation.tags as string[]),
    ),
  );
  return {
    ...document,
    tags: document.tags.filter((tag) => usedTags.has(tag.name)),
    paths,
    components: { ...document.components, schemas },
  };
}
