import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('the job lease setting', () => {
  it('is PLATFORM_JOB_LEASE_SECONDS, else the former PLATFORM_DBT_SYNC_LEASE_SECONDS, else 30', () => {
    expect(loadConfig({}).jobLeaseSeconds).toBe(30);
    expect(loadConfig({ PLATFORM_DBT_SYNC_LEASE_SECONDS: '12' }).jobLeaseSeconds).toBe(12);
    expect(
      loadConfig({ PLATFORM_JOB_LEASE_SECONDS: '7', PLATFORM_DBT_SYNC_LEASE_SECONDS: '12' }).jobLeaseSeconds,
    ).toBe(7);
  });

  it('refuses a lease that is not a positive number of seconds up to an hour', () => {
    expect(() => loadConfig({ PLATFORM_JOB_LEASE_SECONDS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ PLATFORM_JOB_LEASE_SECONDS: '3601' })).toThrow(/PLATFORM_JOB_LEASE_SECONDS/);
    expect(() => loadConfig({ PLATFORM_DBT_SYNC_LEASE_SECONDS: 'soon' })).toThrow(
      /PLATFORM_DBT_SYNC_LEASE_SECONDS/,
    );
  });
});
