import { filterOpenApiDocument, type OpenApiDocument, type OpenApiFilter } from '@platform/contract';
import { AppError } from '../../errors/app-error.js';

/**
 * One listener's OpenAPI document (the management API's, or the Chat API's), built once per process: the
 * contract does not change while it runs.
 */
export class OpenApiService {
  private document: OpenApiDocument | null = null;

  /** Builds when first asked: with port 0 the server URL in the document is known only after listen. */
  constructor(private readonly build: () => OpenApiDocument) {}

  full(): OpenApiDocument {
    this.document ??= this.build();
    return this.document;
  }

  filtered(filter: OpenApiFilter): OpenApiDocument {
    if (!filter.operationIds?.length && filter.search === undefined) return this.full();
    const document = filterOpenApiDocument(this.full(), filter);
    if (!document) {
      const wanted = [
        ...(filter.operationIds ?? []),
        ...(filter.search ? [`search "${filter.search}"`] : []),
      ];
      throw new AppError('NOT_FOUND', `no operation matches ${wanted.join(', ')}`);
    }
    return document;
  }
}
