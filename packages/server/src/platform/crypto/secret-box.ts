import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const version = 'v1';

/**
 * Authenticated encryption (AES-256-GCM) of secrets at rest. The stored form is
 * `v1:<iv>:<tag>:<ciphertext>` in base64url, so a future key or algorithm can be told apart.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    // Any length of operator-provided key is stretched to the 32 bytes AES-256 needs.
    this.key = createHash('sha256').update(secretKey, 'utf8').digest();
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [version, iv, tag, ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join(':');
  }

  decrypt(stored: string): string {
    const [storedVersion, iv, tag, ciphertext] = stored.split(':');
    if (storedVersion !== version || !iv || !tag || ciphertext === undefined) {
      throw new Error('secret is not in the v1 encrypted form');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
