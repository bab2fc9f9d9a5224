import { type BinaryLike, createHash } from 'node:crypto';
import type {
  NotificationRecipient,
  NotificationRecipientInput,
  NotificationRecipientReference,
} from '@platform/contract';
import { AppError } from '../../errors/app-error.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { sealUrl } from '../../platform/crypto/url-credentials.js';
import type { notificationRecipientsTable } from './notifications.tables.js';

/** A recipient row as written, without the ids the store gives it. */
export type RecipientValues = Omit<
  typeof notificationRecipientsTable.$inferInsert,
  'id' | 'notificationId' | 'createdAt'
>;
export type RecipientRow = typeof notificationRecipientsTable.$inferSelect;

const sha256 = (value: BinaryLike) => createHash('sha256').update(value).digest('hex');

/**
 * What names a recipient within its notification, so one is never there twice: `user:<id>`,
 * `email:<address lowercased>`, `embedUser:<tenant>/<external id lowercased>`, `webhook:<SHA-256 of the
 * whole URL>` (the hash, since the URL may carry credentials, which never land in a readable column).
 */
export function recipientKeyOf(recipient: NotificationRecipientInput): string {
  switch (recipient.type) {
    case 'user':
      return `user:${recipient.userId}`;
    case 'email':
      return `email:${recipient.email.toLowerCase()}`;
    case 'embedUser':
      return `embedUser:${recipient.embedTenantName}/${recipient.externalId.toLowerCase()}`;
    case 'webhook':
      return `webhook:${sha256(recipient.url)}`;
  }
}

/** The hosts a webhook may not reach: link-local addresses and the clouds' instance metadata services. */
function isLinkLocalOrMetadata(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
  if (host === 'metadata.google.internal' || host === 'metadata') return true;
  if (/^169\.254\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  // IPv6 fe80::/10 (fe80 to febf), and IPv4 link-local written as an IPv4-mapped IPv6 address.
  if (/^fe[89ab][0-9a-f]:/.test(host)) return true;
  return /^::ffff:(169\.254\.|a9fe:)/.test(host);
}

/** A webhook URL the server may call; a 400 names the recipient otherwise. */
export function requireReachableWebhook(url: string, field: string): void {
  if (isLinkLocalOrMetadata(new URL(url).hostname)) {
    throw new AppError(
      'BAD_REQUEST',
      `${field}: ${new URL(url).hostname} is a link-local or cloud metadata address; a webhook may not call it`,
    );
  }
}

/**
 * The recipients of one request as rows: duplicates (the same key) merged, the first one kept; webhook
 * URLs checked and sealed (credentials encrypted, the URL masked).
 */
export function recipientValuesOf(
  recipients: readonly NotificationRecipientInput[],
  secretBox: SecretBox,
  field = 'recipients',
): RecipientValues[] {
  const byKey = new Map<string, RecipientValues>();
  for (const [index, recipient] of recipients.entries()) {
    const recipientKey = recipientKeyOf(recipient);
    if (byKey.has(recipientKey)) continue;
    const values: RecipientValues = {
      type: recipient.type,
      recipientKey,
      channelName: recipient.channelName ?? null,
    };
    if (recipient.type === 'user') values.userId = recipient.userId;
    if (recipient.type === 'email') values.email = recipient.email;
    if (recipient.type === 'embedUser') {
      values.embedTenantName = recipient.embedTenantName;
      values.externalId = recipient.externalId;
    }
    if (recipient.type === 'webhook') {
      requireReachableWebhook(recipient.url, `${field}[${index}].url`);
      const sealed = sealUrl(recipient.url, secretBox);
      values.url = sealed.maskedUrl;
      values.urlSecret = sealed.secretEncrypted;
    }
    byKey.set(recipientKey, values);
  }
  return [...byKey.values()];
}

/**
 * The key of a recipient to remove; a reference that names none is a 400 saying what it lacks. `id` is the
 * identifying value of its type: user id, address, external id (with `embedTenantName`) or URL.
 */
export function referencedKeyOf(reference: NotificationRecipientReference, field: string): string {
  const value = (named: string | number | undefined) => named ?? reference.id;
  const missing = (what: string) =>
    new AppError('BAD_REQUEST', `${field}: a ${reference.type} recipient is named by ${what} (or \`id\`)`);
  switch (reference.type) {
    case 'user': {
      const userId = Number(value(reference.userId));
      if (!Number.isSafeInteger(userId) || userId < 1) throw missing('`userId`');
      return `user:${userId}`;
    }
    case 'email': {
      const email = value(reference.email);
      if (email === undefined) throw missing('`email`');
      return `email:${String(email).toLowerCase()}`;
    }
    case 'embedUser': {
      const externalId = value(reference.externalId);
      if (externalId === undefined || reference.embedTenantName === undefined) {
        throw missing('`embedTenantName` with `externalId`');
      }
      return `embedUser:${reference.embedTenantName}/${String(externalId).toLowerCase()}`;
    }
    case 'webhook': {
      const url = value(reference.url);
      if (url === undefined) throw missing('`url`');
      return `webhook:${sha256(String(url))}`;
    }
  }
}

/** What a reader sees of a recipient: the webhook URL masked, nothing sealed. */
export function recipientOf(row: RecipientRow): NotificationRecipient {
  return {
    type: row.type,
    userId: row.userId,
    email: row.email,
    embedTenantName: row.embedTenantName,
    externalId: row.externalId,
    url: row.url,
    channelName: row.channelName,
  };
}
