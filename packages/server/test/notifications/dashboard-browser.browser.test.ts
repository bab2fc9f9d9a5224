import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DashboardBrowser } from '../../src/modules/notifications/dashboard-browser.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { describeInBrowser } from '../web/web-browser.js';

describeInBrowser('notification rendering: the time limit and browser failures', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ environment: { PLATFORM_RENDER_TIMEOUT_SECONDS: '0.5' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('fails a render over PLATFORM_RENDER_TIMEOUT_SECONDS with an error naming the limit', async () => {
    // A page that never says it is ready: a server that accepts the connection and never answers.
    const { createServer } = await import('node:http');
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      await expect(
        server.container.services.dashboardBrowser.render(
          { url: `http://127.0.0.1:${port}/render/dashboard/abc`, format: 'png', label: 'dashboard 1' },
          new AbortController().signal,
        ),
      ).rejects.toThrow(
        'rendering dashboard 1 as PNG took longer than 0.5 s (PLATFORM_RENDER_TIMEOUT_SECONDS)',
      );
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  }, 30_000);

  it('renders no more pages at once than PLATFORM_RENDER_CONCURRENCY; the others wait their turn', async () => {
    const { createServer } = await import('node:http');
    let requests = 0;
    const silent = createServer(() => {
      requests += 1;
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const browser = new DashboardBrowser(
      { chromiumPath: null, timeoutSeconds: 3, concurrency: 1 },
      { warn: () => undefined },
    );
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/render/dashboard/abc`;
      const renders = [1, 2].map((index) =>
        browser
          .render(
            { url: `${url}?n=${index}`, format: 'png', label: `dashboard ${index}` },
            new AbortController().signal,
          )
          .catch((error: Error) => error.message),
      );
      // The first page asks once the browser has started (however long that takes on a busy machine);
      // the second waits for its slot, well inside the first one's 3 s.
      for (let waited = 0; requests === 0 && waited < 30_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(requests).toBe(1);
      expect(await Promise.all(renders)).toEqual([
        'rendering dashboard 1 as PNG took longer than 3 s (PLATFORM_RENDER_TIMEOUT_SECONDS)',
        'rendering dashboard 2 as PNG took longer than 3 s (PLATFORM_RENDER_TIMEOUT_SECONDS)',
      ]);
      expect(requests).toBe(2);
      expect(browser.launches).toBe(1);
    } finally {
      await browser.close();
      silent.closeAllConnections();
      silent.close();
    }
  }, 30_000);

  it('fails a page that cannot be reached saying so, without the token of its address', async () => {
    const { createServer } = await import('node:net');
    // A port nothing listens on: taken, then freed.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    // Its own browser, with a limit a refused connection never comes near on a busy machine.
    const browser = new DashboardBrowser(
      { chromiumPath: null, timeoutSeconds: 30, concurrency: 1 },
      { warn: () => undefined },
    );
    const failure = await browser
      .render(
        {
          url: `http://127.0.0.1:${port}/render/dashboard/abc#token=secret.render.token&render=%7B%7D`,
          format: 'pdf',
          label: 'dashboard 1',
        },
        new AbortController().signal,
      )
      .then(
        () => null,
        (error: unknown) => error as Error,
      );
    expect(failure?.message).toMatch(
      /^rendering dashboard 1 failed in the browser: .*ERR_CONNECTION_REFUSED/s,
    );
    expect(failure?.message).not.toContain('secret.render.token');
    await browser.close();
  }, 60_000);
});
