/**
 * GET /api/places over HTTP against a real server process, and the server's memory with the gazetteer
 * loaded: `npx tsc -b packages/shared apps/server && node --experimental-strip-types
 * apps/server/scripts/measure-places.ts [requests] [connections]`. Numbers go in decision 019.
 *
 * Queries: every 1- to 6-letter prefix of a spread of gazetteer names, their full names and the known
 * old names, shuffled, as autocomplete sends them (one per keystroke). Latency is per request, measured
 * by the client, at the given number of connections (default 1 and 8).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const serverDir = resolve(import.meta.dirname, '..');
// The route allows 5,000 a minute per address (LIMITS.placesPerIp): warm-up and runs stay below that.
const requests = Number(process.argv[2] ?? 2000);
const connectionCounts = process.argv[3] ? [Number(process.argv[3])] : [1, 8];

const port = await new Promise<number>((done) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => done(port));
  });
});
const dir = mkdtempSync(join(tmpdir(), 'measure-places-'));
const child = spawn(process.execPath, ['dist/server.js'], {
  cwd: serverDir,
  env: {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
    DATA_DIR: dir,
    JWT_SECRET: 'measure-places-secret-0123456789abcdefghij',
    SEED_DEMO: 'never',
    LOG_LEVEL: 'error',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;

/** VmRSS (now) and VmHWM (the peak) of the server process, in MB. */
function memory(): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)![1]) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** CPU time the server process has used, in ms (user + system, from /proc; 100 ticks a second). */
function serverCpuMs(): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function waitForHealth() {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

function queries(): string[] {
  const file = JSON.parse(readFileSync(join(serverDir, 'gazetteer/india.json'), 'utf8')) as {
    places: [string, string][];
  };
  const out = new Set<string>([
    'Gurgaon',
    'Bangalore',
    'Bombay',
    'Whitefield',
    'Koramangala',
    'Noida Sector 62',
  ]);
  file.places.forEach(([, name], i) => {
    if (i % 40 !== 0) return;
    for (let n = 1; n <= Math.min(6, name.length); n += 1) out.add(name.slice(0, n));
    out.add(name);
  });
  const list = [...out];
  for (let i = list.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

async function run(qs: string[], connections: number, count = requests) {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const q = qs[next++ % qs.length]!;
      const start = performance.now();
      const res = await fetch(`${base}/api/places?q=${encodeURIComponent(q)}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${res.status} for ${q}`);
      times.push(performance.now() - start);
    }
  };
  const cpuBefore = serverCpuMs();
  await Promise.all(Array.from({ length: connections }, worker));
  const cpuPerRequest = (serverCpuMs() - cpuBefore) / count;
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))]!.toFixed(2);
  return `${connections} connection(s), ${times.length} requests: p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${times.at(-1)!.toFixed(2)} ms; server CPU ${cpuPerRequest.toFixed(3)} ms a request`;
}

try {
  await waitForHealth();
  const atStart = memory();
  console.log(
    `server RSS after start (gazetteer loaded): ${atStart.rss.toFixed(1)} MB, peak ${atStart.peak.toFixed(1)} MB`,
  );
  const qs = queries();
  console.log(`${qs.length} distinct queries`);
  await run(qs, 4, 400); // warm-up
  for (const c of connectionCounts) console.log(await run(qs, c));
  const end = memory();
  console.log(`server RSS after the runs: ${end.rss.toFixed(1)} MB, peak ${end.peak.toFixed(1)} MB`);
  console.log(`load average: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
} finally {
  child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
