import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../src/platform/crypto/secret-box.js';
import {
  hasMaskedUrlCredentials,
  hasUrlCredentials,
  joinUrlCredentials,
  maskUrlCredentials,
  openUrl,
  redactUrlCredentials,
  redactUrlCredentialsDeep,
  sealUrl,
  sealWrittenUrl,
  splitUrlCredentials,
} from '../../src/platform/crypto/url-credentials.js';

const secretBox = new SecretBox('a test secret key for url credentials');

describe('the credentials of a URL', () => {
  it.each([
    ['postgres://app:S3cret@db.example.com:5432/shop', 'postgres://app:[ENCRYPTED]@db.example.com:5432/shop'],
    ['https://ghp_token123@github.com/acme/model.git', 'https://[ENCRYPTED]@github.com/acme/model.git'],
    ['https://x-access-token:ghs_abc@github.com/a/b', 'https://x-access-token:[ENCRYPTED]@github.com/a/b'],
    ['postgres://app:p@ss@word@db/x', 'postgres://app:[ENCRYPTED]@db/x'],
    ['HTTPS://User:Pw@Host', 'HTTPS://User:[ENCRYPTED]@Host'],
    ['postgres://app:@db/x', 'postgres://app:@db/x'],
    ['https://host/path@user?q=a@b#c@d', 'https://host/path@user?q=a@b#c@d'],
    ['https://example.com/v1', 'https://example.com/v1'],
    ['not a url at all: user@example.com', 'not a url at all: user@example.com'],
  ])('masks %s as %s', (url, masked) => {
    expect(maskUrlCredentials(url)).toBe(masked);
  });

  it('redacts every URL inside a longer text, JSON or quoted', () => {
    const text =
      'fetch "https://tok1@a.example/x" failed, then {"url":"postgres://app:pw2@b/db"} and ' +
      "'redis://:pw3@c:6379' and sftp://u:pw4@d and a path /data/https:/u:pw5@e/f.duckdb";
    const redacted = redactUrlCredentials(text);
    for (const secret of ['tok1', 'pw2', 'pw3', 'pw4', 'pw5']) expect(redacted).not.toContain(secret);
    expect(redacted).toContain('postgres://app:[REDACTED]@b/db');
    expect(redacted).toContain('redis://:[REDACTED]@c:6379');
    expect(redactUrlCredentialsDeep({ a: ['x https://u:pw6@h'], b: 1 })).toEqual({
      a: ['x https://u:[REDACTED]@h'],
      b: 1,
    });
  });

  it('tells a URL with credentials from one written back masked', () => {
    expect(hasUrlCredentials('postgres://app:pw@db/x')).toBe(true);
    expect(hasUrlCredentials('postgres://app@db/x')).toBe(true);
    expect(hasUrlCredentials('postgres://db/x')).toBe(false);
    expect(hasUrlCredentials('postgres://app:[ENCRYPTED]@db/x')).toBe(false);
    expect(hasMaskedUrlCredentials('postgres://app:[ENCRYPTED]@db/x')).toBe(true);
    expect(hasMaskedUrlCredentials('postgres://app:pw@db/x')).toBe(false);
  });

  it('splits a URL for storage and joins it back', () => {
    for (const url of [
      'postgres://app:pa%40ss@db/x',
      'https://tok@github.com/a.git',
      'https://github.com/a.git',
    ]) {
      const { maskedUrl, secret } = splitUrlCredentials(url);
      expect(maskedUrl).toBe(maskUrlCredentials(url));
      expect(joinUrlCredentials(maskedUrl, secret)).toBe(url);
      const sealed = sealUrl(url, secretBox);
      expect(JSON.stringify(sealed)).not.toMatch(/pa%40ss|tok@/);
      expect(openUrl(sealed, secretBox)).toBe(url);
    }
  });

  it('keeps the stored secret only for the stored URL written back unchanged', () => {
    const stored = sealUrl('https://bot:hunter2@llm.example.com/v1', secretBox);
    const kept = sealWrittenUrl('https://bot:[ENCRYPTED]@llm.example.com/v1', stored, secretBox);
    expect(kept && openUrl(kept, secretBox)).toBe('https://bot:hunter2@llm.example.com/v1');
    expect(sealWrittenUrl('https://bot:[ENCRYPTED]@elsewhere.example.com/v1', stored, secretBox)).toBeNull();
    expect(sealWrittenUrl('https://other:[ENCRYPTED]@llm.example.com/v1', stored, secretBox)).toBeNull();
    expect(sealWrittenUrl('https://bot:[ENCRYPTED]@llm.example.com/v1', null, secretBox)).toBeNull();
    // A row stored in clear before URLs were sealed is kept the same way.
    const legacy = { maskedUrl: 'https://bot:hunter2@llm.example.com/v1', secretEncrypted: null };
    const resealed = sealWrittenUrl('https://bot:[ENCRYPTED]@llm.example.com/v1', legacy, secretBox);
    expect(resealed?.maskedUrl).toBe('https://bot:[ENCRYPTED]@llm.example.com/v1');
    expect(resealed && openUrl(resealed, secretBox)).toBe(legacy.maskedUrl);
  });
});
