import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface RunningServer {
  url: string;
  pid: number;
  /** Peak resident memory of the process so far, in MB (the kernel's high-water mark, VmHWM). */
  peakRssMb(): number;
  /** Resident memory now, in MB. */
  rssMb(): number;
  /** CPU seconds the process (all its threads) has used so far. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function statusKb(pid: number, field: string): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** utime + stime of /proc/<pid>/stat (fields 14 and 15, after the parenthesised name), in seconds. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Waits until the servers are idle (under 10% of a core for 300 ms), at most `maxMs`. A scenario ends
 * with requests still queued inside the server (a sign-in burst leaves some 30 password hashes to
 * finish): the next scenario must not pay for them.
 */
export async function waitIdle(servers: RunningServer[], maxMs = 15_000): Promise<number> {
  const start = Date.now();
  for (;;) {
    const before = servers.map((s) => s.cpuSeconds());
    await sleep(300);
    const busiest = Math.max(...servers.map((s, i) => (s.cpuSeconds() - before[i]!) / 0.3));
    if (busiest < 0.1 || Date.now() - start > maxMs) return Date.now() - start;
  }
}

/**
 * Starts the built server (node apps/server/dist/server.js) as a child process on 127.0.0.1 and
 * waits until /api/health answers. Its log goes to a file, never to the benchmark's own output.
 */
export async function startServer(opts: {
  databaseUrl: string;
  jwtSecret: string;
  dataDir: string;
  logFile: string;
  nodeArgs?: string[];
  env?: Record<string, string>;
  /** The server's entry, relative to the repository: another build for an A/B comparison. */
  script?: string;
}): Promise<RunningServer> {
  const port = await freePort();
  const log = createWriteStream(opts.logFile, { flags: 'a' });
  const child: ChildProcess = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), opts.script ?? 'apps/server/dist/server.js'],
    {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: opts.databaseUrl,
        JWT_SECRET: opts.jwtSecret,
        DATA_DIR: opts.dataDir,
        SEED_DEMO: 'never',
        LOG_LEVEL: 'warn',
        // As behind one reverse proxy: the sign-in scenario's users each come from their own address
        // (X-Forwarded-For), so per-IP limits see many phones, not one benchmark.
        TRUST_PROXY: '1',
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited !== null) throw new Error(`server exited with ${exited} during start; see ${opts.logFile}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy; see ${opts.logFile}`);
    await sleep(100);
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    peakRssMb: () => statusKb(pid, 'VmHWM') / 1024,
    rssMb: () => statusKb(pid, 'VmRSS') / 1024,
    cpuSeconds: () => cpuSeconds(pid),
    async stop() {
      if (exited !== null) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await done;
      clearTimeout(timer);
      log.end();
    },
  };
}

/** `A=1 B=2` as given on a command line (`--server-env`), as an environment. */
export function envOf(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split(' ')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
}
