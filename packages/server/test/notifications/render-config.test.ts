import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { DashboardBrowser } from '../../src/modules/notifications/dashboard-browser.js';

describe('the notification render settings', () => {
  it('default to 60 s per render, two renders at once and the usual Chromium paths', () => {
    const config = loadConfig({});
    expect(config.renderTimeoutSeconds).toBe(60);
    expect(config.renderConcurrency).toBe(2);
    expect(config.chromiumPath).toBeNull();
    const set = loadConfig({
      PLATFORM_RENDER_TIMEOUT_SECONDS: '90',
      PLATFORM_RENDER_CONCURRENCY: '4',
      PLATFORM_CHROMIUM_PATH: '/opt/chromium/chrome',
    });
    expect(set).toMatchObject({
      renderTimeoutSeconds: 90,
      renderConcurrency: 4,
      chromiumPath: '/opt/chromium/chrome',
    });
  });

  it('refuses a time limit that is not a positive number of seconds up to an hour, naming the variable', () => {
    for (const value of ['0', '-5', '3601', 'soon']) {
      expect(() => loadConfig({ PLATFORM_RENDER_TIMEOUT_SECONDS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ PLATFORM_RENDER_TIMEOUT_SECONDS: value })).toThrow(
        /PLATFORM_RENDER_TIMEOUT_SECONDS/,
      );
    }
    expect(() => loadConfig({ PLATFORM_RENDER_CONCURRENCY: '0' })).toThrow(/PLATFORM_RENDER_CONCURRENCY/);
  });
});

describe('the notification browser without Chromium', () => {
  it('fails a render with an error naming PLATFORM_CHROMIUM_PATH, launching nothing', async () => {
    const browser = new DashboardBrowser(
      { chromiumPath: '/nonexistent/chromium', timeoutSeconds: 5, concurrency: 1 },
      { warn: () => undefined },
    );
    await expect(
      browser.render(
        { url: 'http://127.0.0.1:9/render/dashboard/x', format: 'pdf', label: 'dashboard 1' },
        new AbortController().signal,
      ),
    ).rejects.toThrow(
      'PLATFORM_CHROMIUM_PATH names /nonexistent/chromium, which does not exist: PNG and PDF notifications need Chromium',
    );
    expect(browser.launches).toBe(0);
    await browser.close();
  });
});
