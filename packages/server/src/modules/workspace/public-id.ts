import { randomInt } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A `publicId` as API-NOTES.md defines it: 12 characters of `[0-9A-Za-z]` (71 bits), unique in the account. */
export const publicIdPattern = /^[0-9A-Za-z]{12}$/;

export function newPublicId(): string {
  let id = '';
  for (let index = 0; index < 12; index += 1) id += alphabet[randomInt(alphabet.length)];
  return id;
}
