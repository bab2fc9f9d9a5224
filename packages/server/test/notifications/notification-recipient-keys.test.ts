import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/app-error.js';
import {
  recipientKeyOf,
  recipientValuesOf,
  referencedKeyOf,
  requireReachableWebhook,
} from '../../src/modules/notifications/notification-recipient-keys.js';
import { SecretBox } from '../../src/platform/crypto/secret-box.js';

describe('notification recipient keys', () => {
  it('names each recipient within its type, so the same one is never added twice', () => {
    expect(recipientKeyOf({ type: 'user', userId: 7 })).toBe('user:7');
    expect(recipientKeyOf({ type: 'email', email: 'Ann@Example.com' })).toBe('email:ann@example.com');
    expect(recipientKeyOf({ type: 'embedUser', embedTenantName: 'acme', externalId: 'Bob' })).toBe(
      'embedUser:acme/bob',
    );
    const url = 'https://u:secret@hooks.example.com/in';
    expect(recipientKeyOf({ type: 'webhook', url })).toBe(
      `webhook:${createHash('sha256').update(url).digest('hex')}`,
    );
  });

  it('reads a reference by `id` or by its named field, and says what a reference lacks', () => {
    expect(referencedKeyOf({ type: 'user', id: '7' }, 'recipients[0]')).toBe('user:7');
    expect(referencedKeyOf({ type: 'user', userId: 7 }, 'recipients[0]')).toBe('user:7');
    expect(referencedKeyOf({ type: 'email', id: 'ANN@example.com' }, 'recipients[0]')).toBe(
      'email:ann@example.com',
    );
    expect(referencedKeyOf({ type: 'embedUser', id: 'Bob', embedTenantName: 'acme' }, 'x')).toBe(
      'embedUser:acme/bob',
    );
    expect(() => referencedKeyOf({ type: 'embedUser', id: 'bob' }, 'recipients[1]')).toThrow(
      /recipients\[1\]: a embedUser recipient is named by `embedTenantName` with `externalId`/,
    );
    expect(() => referencedKeyOf({ type: 'user', id: 'ann' }, 'recipients[0]')).toThrow(AppError);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data',
    'http://2852039166/',
    'http://0xa9.0xfe.0xa9.0xfe/',
    'http://[fe80::1]/',
    'http://[febf::1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://metadata.google.internal/computeMetadata/v1',
    'http://METADATA.google.internal./',
  ])('refuses a webhook to %s', (url) => {
    expect(() => requireReachableWebhook(url, 'recipients[0].url')).toThrow(/link-local or cloud metadata/);
  });

  it.each([
    'https://hooks.example.com/in',
    'http://127.0.0.1:8080/hook',
    'http://[fec0::1]/',
    'http://169.255.0.1/',
  ])('lets a webhook call %s', (url) => {
    expect(() => requireReachableWebhook(url, 'recipients[0].url')).not.toThrow();
  });

  it('merges duplicates (the first kept) and seals URL credentials', () => {
    const secretBox = new SecretBox('notification-recipient-keys-test');
    const values = recipientValuesOf(
      [
        { type: 'email', email: 'a@example.com', channelName: 'first' },
        { type: 'email', email: 'A@example.com', channelName: 'second' },
        { type: 'webhook', url: 'https://hook:s3cret@hooks.example.com/in' },
      ],
      secretBox,
    );
    expect(values.map((value) => value.channelName ?? null)).toEqual(['first', null]);
    expect(values[1]?.url).toBe('https://hook:[ENCRYPTED]@hooks.example.com/in');
    expect(secretBox.decrypt(values[1]?.urlSecret ?? '')).toBe('s3cret');
  });
});
