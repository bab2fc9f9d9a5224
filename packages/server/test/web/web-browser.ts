import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { describe } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { chromiumArguments, chromiumPath } from './chromium-launch.js';

/** Screenshots land here (gitignored): CI keeps them as the pages' artifacts. */
export const screenshotDirectory = fileURLToPath(
  new URL('../../../../test-artifacts/screenshots/', import.meta.url),
);

const isChromiumInstalled = existsSync(chromiumPath);

/**
 * A browser suite: skipped on a developer machine without Chromium, but run in CI (CI=true), where a
 * missing browser fails its set-up with what to install.
 */
export const describeInBrowser = isChromiumInstalled || process.env.CI === 'true' ? describe : describe.skip;

export interface WebPageRun {
  page: Page;
  /** Every console error and uncaught page error since the page opened. */
  consoleErrors: string[];
  close(): Promise<void>;
}

export interface WebHarness {
  server: TestServer;
  browser: Browser;
  /** http://127.0.0.1:<port> of the listening server. */
  baseUrl: string;
  /** A fresh browser context (its own cookies) with one page that records console errors. */
  openPage(options?: { width?: number; height?: number }): Promise<WebPageRun>;
  /** Saves a full-page screenshot as test-artifacts/screenshots/<name>.png. */
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

/** One real server listening on an ephemeral port and one headless Chromium, shared by a test file. */
export async function startWebHarness(): Promise<WebHarness> {
  if (!isChromiumInstalled) {
    throw new Error(
      `the web page tests need Debian's Chromium at ${chromiumPath}: apt-get install chromium (.ci/run does)`,
    );
  }
  const server = await startTestServer();
  let browser: Browser | null = null;
  try {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: chromiumArguments,
      headless: true,
    });
    await mkdir(screenshotDirectory, { recursive: true });
  } catch (error) {
    await browser?.close();
    await server.close();
    throw error;
  }
  const launched = browser;
  const baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  const contexts = new Set<BrowserContext>();
  return {
    server,
    browser: launched,
    baseUrl,
    async openPage(options = {}) {
      const context = await launched.newContext({
        baseURL: baseUrl,
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        acceptDownloads: true,
      });
      contexts.add(context);
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') {
          consoleErrors.push(`${message.text()} (${message.location().url || page.url()})`);
        }
      });
      page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message} (${page.url()})`));
      return {
        page,
        consoleErrors,
        async close() {
          contexts.delete(context);
          await context.close();
        },
      };
    },
    async screenshot(page, name) {
      const path = join(screenshotDirectory, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      for (const context of contexts) await context.close();
      await launched.close();
      await server.close();
    },
  };
}
