import { existsSync } from 'node:fs';
import type { Logger } from 'pino';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppError } from '../../errors/app-error.js';

/** Where Debian, Ubuntu and Google install it, in the order looked for without PLATFORM_CHROMIUM_PATH. */
const knownChromiumPaths = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Headless, as root in a container, without the background connections a closed network refuses. */
export const chromiumArguments = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The page's width; its height grows to the dashboard's (a full-page PNG, a PDF of as many pages). */
const viewport = { width: 1280, height: 800 };

export interface DashboardBrowserOptions {
  /** PLATFORM_CHROMIUM_PATH, or null to look in the usual places. */
  chromiumPath: string | null;
  /** PLATFORM_RENDER_TIMEOUT_SECONDS: one render, from opening the page to the finished file. */
  timeoutSeconds: number;
  /** PLATFORM_RENDER_CONCURRENCY: renders at once; the others wait for a page. */
  concurrency: number;
}

export interface BrowserRenderRequest {
  /** The render page's address, its token and control values in the fragment. */
  url: string;
  format: 'png' | 'pdf';
  /** Names the dashboard in errors. */
  label: string;
}

/**
 * The one headless Chromium of the process that PNG and PDF notifications are rendered with: launched
 * on the first render and kept warm, a page per render slot reused from render to render (each in its
 * own context, so nothing of one viewer's render is left to the next), at most `concurrency` renders at
 * once, each within the time limit. Closed with the module.
 */
export class DashboardBrowser {
  private browser: Promise<Browser> | null = null;
  private readonly idlePages: Array<{ context: BrowserContext; page: Page }> = [];
  private readonly waiting: Array<() => void> = [];
  private running = 0;
  private isClosed = false;
  /** How many times Chromium was started (tests check that renders share one). */
  launches = 0;

  constructor(
    private readonly options: DashboardBrowserOptions,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  async render(request: BrowserRenderRequest, signal: AbortSignal): Promise<Buffer> {
    await this.slot(signal);
    try {
      return await this.renderInSlot(request, signal);
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  async close(): Promise<void> {
    this.isClosed = true;
    const browser = this.browser;
    this.browser = null;
    this.idlePages.length = 0;
    if (browser) await (await browser.catch(() => null))?.close();
  }

  private async slot(signal: AbortSignal): Promise<void> {
    while (this.running >= this.options.concurrency) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    if (signal.aborted) {
      // The free slot goes to the next render waiting, not to this one that no longer wants it.
      this.waiting.shift()?.();
      signal.throwIfAborted();
    }
    this.running += 1;
  }

  private async renderInSlot(request: BrowserRenderRequest, signal: AbortSignal): Promise<Buffer> {
    // The limit is the page's (loading, running the widgets, printing): a first render's browser start is
    // not counted against it, so a cold process does not fail what a warm one would render.
    const opened = this.idlePages.pop() ?? (await this.newPage());
    const timeoutMilliseconds = this.options.timeoutSeconds * 1000;
    const started = Date.now();
    const remaining = () => Math.max(1, timeoutMilliseconds - (Date.now() - started));
    let isReusable = false;
    const timedOut = new AppError(
      'GATEWAY_TIMEOUT',
      `rendering ${request.label} as ${request.format.toUpperCase()} took longer than ${this.options.timeoutSeconds} s (PLATFORM_RENDER_TIMEOUT_SECONDS)`,
    );
    let timer: NodeJS.Timeout | undefined;
    const onAbort = () => void opened.page.close().catch(() => undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const work = async () => {
        await opened.page.setViewportSize(viewport);
        await opened.page.goto(request.url, { waitUntil: 'domcontentloaded', timeout: remaining() });
        const root = opened.page.locator('[data-render-state="ready"], [data-render-state="failed"]');
        await root.first().waitFor({ timeout: remaining() });
        if ((await root.first().getAttribute('data-render-state')) === 'failed') {
          const reason = await root.first().getAttribute('data-render-error');
          throw new AppError(
            'BAD_GATEWAY',
            `the render page of ${request.label} failed: ${reason ?? 'no reason given'}`,
          );
        }
        const bytes =
          request.format === 'png'
            ? await opened.page.screenshot({ fullPage: true, type: 'png', timeout: remaining() })
            : await opened.page.pdf({ format: 'A4', landscape: true, printBackground: true });
        isReusable = true;
        return bytes;
      };
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(timedOut), timeoutMilliseconds);
      });
      return await Promise.race([work(), deadline]);
    } catch (error) {
      signal.throwIfAborted();
      if (error instanceof AppError) throw error;
      if (error instanceof Error && error.name === 'TimeoutError') throw timedOut;
      // The browser's messages name the address, whose fragment holds the viewer's token: never passed on.
      const message = (error instanceof Error ? error.message : String(error))
        .replaceAll(request.url, request.url.split('#')[0] ?? '')
        .replace(/token=[^&\s"']+/g, 'token=<redacted>');
      throw new AppError('BAD_GATEWAY', `rendering ${request.label} failed in the browser: ${message}`);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (isReusable && !this.isClosed) {
        // Back to a blank page: the next render starts clean, and this viewer's token leaves the address.
        await opened.page.goto('about:blank').catch(() => {
          isReusable = false;
        });
      }
      if (isReusable && !this.isClosed) this.idlePages.push(opened);
      else await opened.context.close().catch(() => undefined);
    }
  }

  private async newPage(): Promise<{ context: BrowserContext; page: Page }> {
    const browser = await this.launched();
    const context = await browser.newContext({ viewport });
    return { context, page: await context.newPage() };
  }

  private launched(): Promise<Browser> {
    if (this.isClosed) throw new AppError('SERVICE_UNAVAILABLE', 'the notification renderer is closed');
    this.browser ??= this.launch();
    return this.browser;
  }

  private async launch(): Promise<Browser> {
    try {
      const executablePath = this.executablePath();
      const { chromium } = await import('playwright-core');
      this.launches += 1;
      const browser = await chromium.launch({ executablePath, args: chromiumArguments, headless: true });
      browser.on('disconnected', () => {
        // A crashed browser is started again by the next render.
        if (!this.isClosed)
          this.logger.warn({ executablePath }, "the notification renderer's Chromium exited");
        this.browser = null;
        this.idlePages.length = 0;
      });
      return browser;
    } catch (error) {
      // The next render tries again (Chromium installed meanwhile, a passing failure).
      this.browser = null;
      throw error;
    }
  }

  private executablePath(): string {
    const path = this.options.chromiumPath ?? knownChromiumPaths.find((candidate) => existsSync(candidate));
    if (!path || !existsSync(path)) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        path
          ? `PLATFORM_CHROMIUM_PATH names ${path}, which does not exist: PNG and PDF notifications need Chromium`
          : `PNG and PDF notifications need Chromium: install it (Debian: apt-get install chromium) or set PLATFORM_CHROMIUM_PATH (looked in ${knownChromiumPaths.join(', ')})`,
      );
    }
    return path;
  }
}
