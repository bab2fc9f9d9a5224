import { maximumOidcTokenLifetimeSeconds } from '@platform/contract';
import { desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
} from 'jose';
import type { ChangeFeed } from '../../platform/change-feed/change-feed.js';
import { everythingChanged } from '../../platform/change-feed/change-feed.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/database/database.js';
import { type OidcSigningKeyRow, oidcSigningKeysTable } from './workload-identity.tables.js';

export const signingAlgorithm = 'ES256';

/** A key signs for this long, then the next token needs a new one. */
export const signingKeyRotationMilliseconds = 30 * 24 * 60 * 60 * 1000;

/**
 * A process signs with the key it loaded for at most this long before looking at the store again, so a
 * rotation another process made (whose change-feed notice was lost) is seen within it.
 */
const loadedKeyMilliseconds = 60_000;

/**
 * A retired key may still sign for `loadedKeyMilliseconds` in a process that had not heard of the
 * rotation, and its tokens live at most the longest lifetime: it stays published until all have expired.
 */
export const retiredKeyPublishedMilliseconds = maximumOidcTokenLifetimeSeconds * 1000 + loadedKeyMilliseconds;

// The first key of the two-key advisory lock that serialises key creation across processes.
const signingKeyLockClass = 402_918_733;

/** Published after a key was created or retired: every process drops the key it signs with. */
export const signingKeysTopic = 'oidc-signing-keys';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  createdAt: Date;
}

export interface RotatedSigningKey {
  kid: string;
  algorithm: string;
  createdAt: string;
  retiredKid: string | null;
}

function isDue(createdAt: Date, now: number): boolean {
  return now - createdAt.getTime() >= signingKeyRotationMilliseconds;
}

/**
 * The platform's token signing keys, shared by every process through the store: the private key is kept
 * encrypted with the SecretBox (and cleared when the key retires), made on first need under an advisory
 * lock so concurrent processes agree on one, and replaced every 30 days or on demand.
 */
export class SigningKeysService {
  private loaded: { key: Promise<SigningKey>; loadedAt: number } | null = null;

  constructor(
    private readonly database: Database,
    private readonly secretBox: SecretBox,
    private readonly changeFeed: ChangeFeed,
  ) {}

  /** The key to sign with now: from memory on the hot path, from the store (or made) otherwise. */
  async signingKey(): Promise<SigningKey> {
    const now = Date.now();
    const loaded = this.loaded;
    if (loaded && now - loaded.loadedAt < loadedKeyMilliseconds) {
      const key = await loaded.key;
      if (!isDue(key.createdAt, now)) return key;
    }
    const key = this.currentOrNew();
    this.loaded = { key, loadedAt: now };
    // why: a failed load must not be kept, or signing could not recover until the cache expired.
    key.catch(() => {
      if (this.loaded?.key === key) this.loaded = null;
    });
    return key;
  }

  /** Replaces the current key at once; the retired one stays published (see `publicKeys`). */
  async rotate(): Promise<RotatedSigningKey> {
    const outcome = await this.database.transaction(async (transaction) => {
      await transaction.execute(sql`SELECT pg_advisory_xact_lock(${signingKeyLockClass}, 0)`);
      const current = await this.currentRow(transaction);
      const created = await this.replace(transaction, current);
      return { created, retiredKid: current?.kid ?? null };
    });
    await this.changeFeed.publish(signingKeysTopic);
    return {
      kid: outcome.created.kid,
      algorithm: outcome.created.algorithm,
      createdAt: outcome.created.createdAt.toISOString(),
      retiredKid: outcome.retiredKid,
    };
  }

  /** The JWKS: the current key and every retired key some unexpired token may have been signed with. */
  async publicKeys(): Promise<JWK[]> {
    const publishedSince = new Date(Date.now() - retiredKeyPublishedMilliseconds);
    const rows = await this.database
      .select({ publicJwk: oidcSigningKeysTable.publicJwk })
      .from(oidcSigningKeysTable)
      .where(or(isNull(oidcSigningKeysTable.retiredAt), gt(oidcSigningKeysTable.retiredAt, publishedSince)))
      .orderBy(desc(oidcSigningKeysTable.createdAt));
    return rows.map((row) => JSON.parse(row.publicJwk) as JWK);
  }

  /** Change-feed listener: another process rotated, or notices may have been lost. */
  handleChange(topic: string): void {
    if (topic === signingKeysTopic || topic === everythingChanged) this.loaded = null;
  }

  private async currentOrNew(): Promise<SigningKey> {
    const current = await this.currentRow(this.database);
    if (current && !isDue(current.createdAt, Date.now())) return this.opened(current);
    const outcome = await this.database.transaction(async (transaction) => {
      await transaction.execute(sql`SELECT pg_advisory_xact_lock(${signingKeyLockClass}, 0)`);
      // Another process may have made one while this one waited for the lock.
      const locked = await this.currentRow(transaction);
      if (locked && !isDue(locked.createdAt, Date.now())) return { row: locked, isNew: false };
      return { row: await this.replace(transaction, locked), isNew: true };
    });
    if (outcome.isNew) await this.changeFeed.publish(signingKeysTopic);
    return this.opened(outcome.row);
  }

  private async currentRow(database: Database): Promise<OidcSigningKeyRow | null> {
    const [row] = await database
      .select()
      .from(oidcSigningKeysTable)
      .where(isNull(oidcSigningKeysTable.retiredAt));
    return row ?? null;
  }

  /**
   * Retires `current` (its private key is cleared: nothing signs with it any more) and stores a new key.
   * Keys retired so long ago that no token of theirs is alive are removed.
   */
  private async replace(
    transaction: Database,
    current: OidcSigningKeyRow | null,
  ): Promise<OidcSigningKeyRow> {
    const now = new Date();
    if (current) {
      await transaction
        .update(oidcSigningKeysTable)
        .set({ retiredAt: now, privateJwkEncrypted: null })
        .where(eq(oidcSigningKeysTable.kid, current.kid));
    }
    await transaction
      .delete(oidcSigningKeysTable)
      .where(lt(oidcSigningKeysTable.retiredAt, new Date(now.getTime() - retiredKeyPublishedMilliseconds)));
    const { publicKey, privateKey } = await generateKeyPair(signingAlgorithm, { extractable: true });
    const { kty, crv, x, y } = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint({ kty, crv, x, y } as JWK);
    const publicJwk = { kty, crv, x, y, kid, alg: signingAlgorithm, use: 'sig' };
    const [row] = await transaction
      .insert(oidcSigningKeysTable)
      .values({
        kid,
        algorithm: signingAlgorithm,
        publicJwk: JSON.stringify(publicJwk),
        privateJwkEncrypted: this.secretBox.encrypt(JSON.stringify(await exportJWK(privateKey))),
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('the new signing key was not stored');
    return row;
  }

  private async opened(row: OidcSigningKeyRow): Promise<SigningKey> {
    if (row.privateJwkEncrypted === null) throw new Error(`signing key ${row.kid} has no private key`);
    const jwk = JSON.parse(this.secretBox.decrypt(row.privateJwkEncrypted)) as JWK;
    const privateKey = await importJWK(jwk, signingAlgorithm);
    if (privateKey instanceof Uint8Array) throw new Error(`signing key ${row.kid} is not an asymmetric key`);
    return { kid: row.kid, privateKey, createdAt: row.createdAt };
  }
}
