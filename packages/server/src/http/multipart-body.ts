import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';

/**
 * Reads a multipart/form-data body into one object so that the operation's zod schema validates it like a
 * JSON body: text fields become strings, file fields Buffers. A file above `fileLimitBytes` is a 400 that
 * names the limit, because it is a rule of the operation, not of the transport.
 */
export async function readMultipartBody(
  request: FastifyRequest,
  fileLimitBytes: number,
): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `unsupported content type "${request.headers['content-type'] ?? ''}": send multipart/form-data`,
    );
  }
  try {
    return await readParts(request, fileLimitBytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Everything read here comes from the client: no boundary, a wrong one, a body cut short, too many
    // parts. Nothing has been written yet, so it is the client's error, never a 500.
    const reason = error instanceof Error ? error.message : String(error);
    const isTooLarge = (error as { statusCode?: number }).statusCode === 413;
    throw new AppError(
      isTooLarge ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST',
      `the multipart/form-data body cannot be read: ${reason}`,
    );
  }
}

async function readParts(request: FastifyRequest, fileLimitBytes: number): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  // Busboy stops a file at the limit; one byte more tells a file of exactly the limit from a larger one.
  for await (const part of request.parts({
    limits: { fileSize: fileLimitBytes + 1, files: 10, fields: 20 },
  })) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(
            'BAD_REQUEST',
            `the file in field "${part.fieldname}" exceeds the limit of ${fileLimitBytes} bytes per file`,
          );
        }
        throw error;
      });
      if (bytes.length > fileLimitBytes) {
        throw new AppError(
          'BAD_REQUEST',
          `the file in field "${part.fieldname}" exceeds the limit of ${fileLimitBytes} bytes per file`,
        );
      }
      fields[part.fieldname] = bytes;
    } else {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
  return fields;
}
