import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

export interface Viewport {
  name: string;
  width: number;
  height: number;
  mobile: boolean;
}

/** Every journey runs on a desktop and on a 360 px wide phone. */
export const viewports: Viewport[] = [
  { name: 'desktop 1280', width: 1280, height: 800, mobile: false },
  { name: 'mobile 360', width: 360, height: 740, mobile: true },
];

/** The server under test: vitest provides it to the journeys, a tool outside vitest sets E2E_BASE_URL. */
export const baseUrl = (): string => process.env.E2E_BASE_URL ?? inject('baseUrl');

export interface Session {
  /** A fresh browser context (its own storage, like another person's phone) with one page. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

const slug = (s: string) =>
  s
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);

/**
 * Connects this test file to the run's one Chromium. Contexts opened in a test are closed after it; when
 * the test failed, every page is saved as a screenshot under e2e/artifacts/ with the page's errors.
 * A test also fails when a page threw an uncaught error, opened a native alert/confirm (the product uses
 * in-app dialogs and toasts, CONTRACT section 6) or got a 5xx answer.
 */
export function useBrowser(viewport: Viewport): Session {
  let browser: Browser;
  let open: Array<{ context: BrowserContext; page: Page; problems: string[]; fatal: string[] }> = [];

  beforeAll(async () => {
    browser = await chromium.connect(inject('wsEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async (ctx) => {
    const fatal = open.flatMap((o) => o.fatal);
    const failed = ctx.task.result?.state === 'fail' || fatal.length > 0;
    if (failed) {
      const artifacts = inject('artifactsDir');
      mkdirSync(artifacts, { recursive: true });
      const name = slug(
        `${ctx.task.file?.name.split('/').pop() ?? ''}-${ctx.task.suite?.name ?? ''}-${ctx.task.name}`,
      );
      for (const [i, o] of open.entries()) {
        const file = join(artifacts, `${name}-${i + 1}`);
        await o.page.screenshot({ path: `${file}.png`, fullPage: true, timeout: 10_000 }).catch(() => {});
        writeFileSync(`${file}.txt`, `${[`url: ${o.page.url()}`, ...o.problems].join('\n')}\n`);
      }
    }
    await Promise.all(open.map((o) => o.context.close().catch(() => {})));
    open = [];
    if (fatal.length) throw new Error(`The pages reported:\n${fatal.join('\n')}`);
  });

  return {
    async newPage(options = {}) {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: viewport.mobile,
        hasTouch: viewport.mobile,
        locale: 'en-IN',
        timezoneId: 'Asia/Kolkata',
        reducedMotion: 'reduce',
        ...options,
      });
      context.setDefaultTimeout(10_000);
      context.setDefaultNavigationTimeout(20_000);
      const page = await context.newPage();
      const problems: string[] = [];
      const fatal: string[] = [];
      const both = (line: string) => (problems.push(line), fatal.push(line));
      page.on('pageerror', (err) => both(`uncaught error in the page: ${err.message}`));
      page.on('dialog', (d) => {
        both(`native ${d.type()}() instead of an in-app dialog: ${d.message()}`);
        void d.dismiss().catch(() => {});
      });
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
      });
      page.on('response', (r) => {
        if (r.status() >= 500) both(`HTTP ${r.status()} ${r.request().method()} ${r.url()}`);
      });
      open.push({ context, page, problems, fatal });
      return page;
    },
  };
}
