import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { SESSION_KEY } from '../packages/shared/dist/index.js';

export interface LighthouseScores {
  path: string;
  signedIn: boolean;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits that cost points (score below 0.9) outside performance, and the top performance opportunities. */
  findings: string[];
}

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The session a real sign-in returns, as the web app keeps it in localStorage. */
async function signedInSession(
  baseUrl: string,
  account: { email: string; password: string },
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const body = (await res.json()) as {
    data: { user: Record<string, unknown>; token: string; refreshToken: string };
  };
  if (!res.ok) throw new Error(`sign-in for Lighthouse failed: ${res.status} ${JSON.stringify(body)}`);
  return JSON.stringify({
    ...body.data.user,
    token: body.data.token,
    refreshToken: body.data.refreshToken,
    emailVerified: body.data.user.emailVerified,
  });
}

/**
 * Leaves the browser's storage as the page needs it (the session, or none) and its HTTP cache empty:
 * Lighthouse keeps storage for the session, and with it the cache this visit filled, so every page is
 * measured as a first visit, with nothing of the app cached.
 */
async function prepareStorage(port: number, baseUrl: string, session: string, signedIn: boolean) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0]!;
  const tab = await context.newPage();
  await tab.goto(`${baseUrl}/help`);
  await tab.evaluate(
    ([key, value, keep]) => (keep ? localStorage.setItem(key!, value!) : localStorage.clear()),
    [SESSION_KEY, session, signedIn ? '1' : ''] as const,
  );
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await tab.close();
  await browser.close(); // disconnects; the launched Chromium keeps running
}

/**
 * Lighthouse with its default (mobile) settings: a Moto G Power sized screen, simulated slow 4G and
 * a 4x slower CPU, driving Debian's Chromium. For signed-in pages the browser's localStorage gets
 * the session a real sign-in returned (the web app reads it there), and Lighthouse keeps storage; the
 * HTTP cache is cleared before each page, so every page loads as on a first visit.
 */
export async function lighthouseScores(
  baseUrl: string,
  pages: { path: string; signedIn: boolean }[],
  account: { email: string; password: string },
  /** Given each page's Chromium trace as Lighthouse recorded it (bench/lighthouse-trace.ts). */
  onTrace?: (path: string, traceEvents: unknown[]) => void,
): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const out: LighthouseScores[] = [];
  try {
    const session = await signedInSession(baseUrl, account);

    for (const page of pages) {
      await prepareStorage(chrome.port, baseUrl, session, page.signedIn);

      const result = await lighthouse(`${baseUrl}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        disableStorageReset: true,
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const lhr = result!.lhr as unknown as Lhr & { finalDisplayedUrl?: string };
      const trace = (result!.artifacts as { Trace?: { traceEvents: unknown[] } }).Trace;
      if (onTrace && trace) onTrace(page.path, trace.traceEvents);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      out.push({
        path: page.path,
        signedIn: page.signedIn,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        findings: findingsOf(lhr),
      });
      const last = out[out.length - 1]!;
      console.log(
        `  lighthouse ${page.path.padEnd(11)} performance ${last.performance} accessibility ${last.accessibility} best practices ${last.bestPractices} SEO ${last.seo} (LCP ${last.lcpMs.toFixed(0)} ms, TBT ${last.tbtMs.toFixed(0)} ms, CLS ${last.cls.toFixed(3)})`,
      );
      const runtimeError = (lhr as { runtimeError?: { code?: string; message?: string } }).runtimeError;
      if (runtimeError)
        last.findings.unshift(
          `Lighthouse could not measure the page: ${runtimeError.code ?? ''} ${runtimeError.message ?? ''}`.trim(),
        );
      for (const f of last.findings) console.log(`    - ${f}`);
      if (page.signedIn && lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.includes(page.path)) {
        console.log(`  warning: ${page.path} ended at ${lhr.finalDisplayedUrl} (not signed in?)`);
      }
    }
  } finally {
    chrome.kill();
  }
  return out;
}

interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      displayValue?: string;
      numericValue?: number;
      details?: { type?: string; overallSavingsMs?: number };
    }
  >;
}

function findingsOf(lhr: Lhr): string[] {
  const out: string[] = [];
  for (const [category, c] of Object.entries(lhr.categories)) {
    if (category === 'performance') continue;
    for (const ref of c.auditRefs) {
      const a = lhr.audits[ref.id];
      if (
        a &&
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'notApplicable'
      ) {
        out.push(`${category}: ${a.title}`);
      }
    }
  }
  const perf = lhr.categories.performance;
  for (const ref of perf?.auditRefs ?? []) {
    const a = lhr.audits[ref.id];
    if (a && ref.weight > 0 && a.score !== null && a.score < 0.9)
      out.push(`performance: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  }
  for (const a of Object.values(lhr.audits)) {
    const saving = a.details?.overallSavingsMs ?? 0;
    if (saving >= 150) out.push(`opportunity: ${a.title} (about ${Math.round(saving)} ms)`);
  }
  return out;
}

/**
 * The first screens as a visitor and a signed-in user see them. Performance moves with the machine's load
 * from one run to the next: each page is measured `runs` times and its median run (by performance score)
 * is reported.
 */
export async function medianLighthouse(
  baseUrl: string,
  runs: number,
  account: { email: string; password: string },
): Promise<LighthouseScores[]> {
  const pages = [
    { path: '/', signedIn: false },
    { path: '/signin', signedIn: false },
    { path: '/find-ride', signedIn: true },
  ];
  const all: LighthouseScores[][] = [];
  for (let i = 0; i < runs; i += 1) all.push(await lighthouseScores(baseUrl, pages, account));
  return all[0]!.map((_, page) => {
    const sorted = all.map((r) => r[page]!).sort((a, b) => a.performance - b.performance);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const spread = `performance of the ${all.length} runs: ${sorted.map((x) => x.performance).join(', ')}`;
    return { ...median, findings: [...median.findings, spread] };
  });
}
