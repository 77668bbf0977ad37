import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../..');

async function listen(server: Server): Promise<number> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

export interface Site {
  origin: string;
  close(): Promise<void>;
  /** The server's log so far (a server of startApiServer; mails and texts go there without SMTP/SMS). */
  log?(): string;
}

/** A site of its own (another port is another origin) serving one small HTML page at `/`. */
export async function servePage(html: string): Promise<Site> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  const origin = `http://127.0.0.1:${await listen(server)}`;
  return {
    origin,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/**
 * A second server under test, built like the run's own (global-setup.ts) but with the environment
 * given here (CORS_ORIGINS, say), on a fresh SQLite database; mails go to its log.
 */
export async function startApiServer(env: Record<string, string>): Promise<Site> {
  const entry = join(repo, 'apps/server/dist/server.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build`);
  const tmp = mkdtempSync(join(tmpdir(), 'saathchalo-e2e-cors-'));
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((done) => probe.close(done));
  const origin = `http://127.0.0.1:${port}`;
  const logFile = join(tmp, 'server.log');
  const child = spawn(process.execPath, [entry], {
    cwd: repo,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(tmp, 'api.db')}`,
      DATA_DIR: tmp,
      APP_URL: origin,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      SEED_DEMO: 'never',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(tmp, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const healthy = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) return { origin, close: stop, log: () => readFileSync(logFile, 'utf8') };
    await new Promise((r) => setTimeout(r, 200));
  }
  const log = readFileSync(logFile, 'utf8');
  await stop();
  throw new Error(`the CORS server under test did not become healthy at ${origin}:\n${log}`);
}
