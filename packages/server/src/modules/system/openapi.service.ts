import {
  apiVersion,
  buildOpenApiDocument,
  filterOpenApiDocument,
  type OpenApiDocument,
  type OpenApiFilter,
  operations,
} from '@platform/contract';
import { AppError } from '../../errors/app-error.js';

/** Builds the document once per process: the contract does not change while it runs. */
export class OpenApiService {
  private document: OpenApiDocument | null = null;

  /** Reads the URL when the document is first built: with port 0 it is known only after listen. */
  constructor(private readonly serverUrl: () => string) {}

  full(): OpenApiDocument {
    this.document ??= buildOpenApiDocument(Object.values(operations), {
      version: apiVersion,
      serverUrl: this.serverUrl(),
    });
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
