/** A file part of a multipart body: the bytes and the file name the form declares for them. */
export interface MultipartFile {
  bytes: Uint8Array;
  fileName: string;
}

/** The fields of a multipart/form-data body: text fields and file parts, in insertion order. */
export type MultipartParts = Record<string, string | MultipartFile>;

/**
 * Builds the body with Node's own FormData and Blob, so fetch writes the boundary and the Content-Type
 * header itself and the CLI needs no multipart dependency.
 */
export function multipartBodyOf(parts: MultipartParts): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.bytes]), value.fileName);
  }
  return form;
}
