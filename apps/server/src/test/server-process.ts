import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/** apps/server, where `src/server.ts` is started from. */
const serverDir = resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

async function waitForHealth(base: string, child: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${log()}`);
}

/**
 * A real server process started from the TypeScript sources (no build needed), answering on a free port
 * of 127.0.0.1 once this resolves. `nodeArgs` go before the entry point (an extra `--import`, say).
 */
export async function startServerProcess(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(
    process.execPath,
    [
      '--experimental-transform-types',
      '--no-warnings',
      '--import',
      './src/test/run-from-source.mjs',
      ...nodeArgs,
      'src/server.ts',
    ],
    {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'never',
        LOG_LEVEL: 'error',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    base,
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
