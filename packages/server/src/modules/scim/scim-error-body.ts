import { errorCatalogue, scimSchemaUrns } from '@platform/contract';
import type { ErrorWriter } from '../../http/surface.js';
import { redactUrlCredentials } from '../../platform/crypto/url-credentials.js';

export const scimContentType = 'application/scim+json; charset=utf-8';

function scimTypeOf(code: string, message: string, details: unknown): string | undefined {
  const named = (details as { scimType?: unknown } | undefined)?.scimType;
  if (typeof named === 'string') return named;
  if (code !== 'BAD_REQUEST') return undefined;
  return message.startsWith('the request body is not valid JSON') ? 'invalidSyntax' : 'invalidValue';
}

/**
 * SCIM's error body (RFC 7644 §3.12): `status` is a string, `detail` the message, `scimType` where the
 * RFC names one (a taken userName is `uniqueness`, a filter this service does not take `invalidFilter`).
 */
export const writeScimError: ErrorWriter = (error) => {
  const statusCode = errorCatalogue[error.code].status;
  const scimType = scimTypeOf(error.code, error.message, error.details);
  return {
    statusCode,
    contentType: scimContentType,
    body: {
      schemas: [scimSchemaUrns.error],
      status: String(statusCode),
      ...(scimType === undefined ? {} : { scimType }),
      detail: redactUrlCredentials(error.message),
    },
  };
};
