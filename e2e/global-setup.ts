import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startMailCapture } from './support/mail-capture.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
    wsEndpoint: string;
    artifactsDir: string;
  }
}

const repo = resolve(import.meta.dirname, '..');
const artifacts = join(repo, 'e2e', 'artifacts');

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => res(port));
    });
  });
}

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  logFile: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = String(err);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n') : '';
  throw new Error(
    `The server did not become healthy at ${baseUrl} (${child.exitCode !== null ? `exited with ${child.exitCode}` : last}).\n${log}`,
  );
}

/** Copies the web build, again if it was caught half-written (index.html naming assets not there yet). */
async function copyWebBuild(from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    rmSync(to, { recursive: true, force: true });
    try {
      cpSync(from, to, { recursive: true });
      const html = readFileSync(join(to, 'index.html'), 'utf8');
      const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
      if (assets.length > 0 && assets.every((a) => existsSync(join(to, a)))) return;
    } catch {
      // mid-build: try again
    }
    if (attempt >= 10) throw new Error(`apps/web/dist looks incomplete; run npm run build`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * Builds the app (unless E2E_SKIP_BUILD=1), then starts, for the whole run: an SMTP server that captures
 * mail into files, the built server on a free port with a fresh SQLite database in a temporary folder,
 * and one headless Chromium the test files connect to. Everything is stopped and removed afterwards;
 * the server's log is kept in e2e/artifacts/run-<time>/server.log, next to the screenshots of failures.
 */
export default async function setup(project: TestProject) {
  // Each run writes its own folder (runs by several people at once must not clear each other's), the last few kept.
  mkdirSync(artifacts, { recursive: true });
  const runs = readdirSync(artifacts)
    .filter((f) => f.startsWith('run-'))
    .sort();
  for (const old of runs.slice(0, Math.max(0, runs.length - 4)))
    rmSync(join(artifacts, old), { recursive: true, force: true });
  const runDir = join(artifacts, `run-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
  mkdirSync(runDir, { recursive: true });
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const started = Date.now();
    // Vitest sets NODE_ENV=test, with which Vite bundles React's development build: not what users or CI get.
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: repo,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);
    console.log(`[e2e] build took ${((Date.now() - started) / 1000).toFixed(1)}s`);
  }
  const serverEntry = join(repo, 'apps/server/dist/server.js');
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run npm run build`);
  if (!existsSync(join(repo, 'apps/web/dist/index.html')))
    throw new Error('apps/web/dist is missing: run npm run build');

  const tmp = mkdtempSync(join(tmpdir(), 'saathchalo-e2e-'));
  // The run serves its own copy of the web build: others rebuilding apps/web/dist mid-run must not break it.
  const webDist = join(tmp, 'web');
  await copyWebBuild(join(repo, 'apps/web/dist'), webDist);
  const mailDir = join(tmp, 'mails');
  const mail = await startMailCapture(mailDir);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = join(tmp, 'server.log');
  const log = openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${join(tmp, 'e2e.db')}`,
    DATA_DIR: tmp,
    SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
    APP_URL: baseUrl,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    SEED_DEMO: 'never',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    WEB_DIST: webDist,
  };
  const server = spawn(process.execPath, [serverEntry], { cwd: repo, env, stdio: ['ignore', log, log] });

  let browser: BrowserServer | undefined;
  const teardown = async () => {
    await browser?.close().catch(() => {});
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await mail.close();
    try {
      copyFileSync(logFile, join(runDir, 'server.log'));
    } catch {
      // no log written
    }
    if (process.env.E2E_KEEP_TMP !== '1') rmSync(tmp, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, server, logFile, 30_000);
    browser = await chromium.launchServer({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
    });
  } catch (err) {
    await teardown();
    throw err;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('artifactsDir', runDir);
  console.log(
    `[e2e] server ${baseUrl}, smtp 127.0.0.1:${mail.port}, data ${tmp}, failure screenshots in ${runDir}`,
  );
  return teardown;
}
