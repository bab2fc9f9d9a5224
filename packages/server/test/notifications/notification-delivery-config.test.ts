import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('the notification delivery settings', () => {
  it('default to no SMTP, a sender at the public host, a 5 s tick and 30 s retries', () => {
    expect(loadConfig({ PLATFORM_PUBLIC_URL: 'https://platform.example.com' }).notificationDelivery).toEqual({
      smtpUrl: null,
      smtpFrom: 'notifications@platform.example.com',
      tickMilliseconds: 5_000,
      retrySeconds: 30,
    });
    expect(
      loadConfig({
        PLATFORM_SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
        PLATFORM_SMTP_FROM: 'Reports <reports@example.com>',
        PLATFORM_NOTIFICATION_TICK_MS: '250',
        PLATFORM_NOTIFICATION_RETRY_SECONDS: '0.5',
      }).notificationDelivery,
    ).toEqual({
      smtpUrl: 'smtps://mailer:secret@smtp.example.com:465',
      smtpFrom: 'Reports <reports@example.com>',
      tickMilliseconds: 250,
      retrySeconds: 0.5,
    });
  });

  it('refuses an SMTP URL of another scheme without repeating it (it may hold a password)', () => {
    const refusal = () => loadConfig({ PLATFORM_SMTP_URL: 'http://mailer:hunter2@smtp.example.com' });
    expect(refusal).toThrow(ConfigError);
    expect(refusal).toThrow(/PLATFORM_SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(refusal).not.toThrow(/hunter2/);
  });

  it('refuses a tick that could start a run more than 30 s late, and retries that are not a positive delay', () => {
    expect(() => loadConfig({ PLATFORM_NOTIFICATION_TICK_MS: '30001' })).toThrow(
      /PLATFORM_NOTIFICATION_TICK_MS/,
    );
    expect(() => loadConfig({ PLATFORM_NOTIFICATION_TICK_MS: '10' })).toThrow(
      /PLATFORM_NOTIFICATION_TICK_MS/,
    );
    expect(() => loadConfig({ PLATFORM_NOTIFICATION_RETRY_SECONDS: '0' })).toThrow(
      /PLATFORM_NOTIFICATION_RETRY_SECONDS/,
    );
  });
});
