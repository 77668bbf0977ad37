import { Agent, request } from 'node:http';
import type { Req } from './load.ts';

export interface Latency {
  requests: number;
  /** Milliseconds, from the request's first byte sent to its response's last byte received. */
  mean: number;
  p50: number;
  p99: number;
}

/**
 * The latency of one request at a time over one keep-alive connection, timed to the microsecond.
 * autocannon records whole milliseconds, so below a millisecond its mean only says what share of
 * requests took one or more; and at 32 connections the time a request waits behind the others, in the
 * server and in the load generator, is most of what it measures. This is one request's whole round trip
 * with nothing queued before it: the server's time plus loopback and this process's HTTP client, which
 * `/api/health`, timed the same way, carries too.
 */
export async function probeLatencies(
  url: string,
  sources: readonly (() => Req)[],
  requests: number,
): Promise<Latency[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times = sources.map(() => [] as number[]);
  try {
    // In turns, one request of each source, so that every source meets the machine in the same state:
    // its speed here changes by two or more times within minutes, and a ratio of two latencies measured
    // one after the other measured that change.
    for (let i = 0; i < requests; i += 1) {
      for (const [k, next] of sources.entries()) times[k]!.push(await once(url, agent, next()));
    }
  } finally {
    agent.destroy();
  }
  return times.map((t) => summary(t, requests));
}

function summary(times: number[], requests: number): Latency {
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return {
    requests,
    mean: times.reduce((a, b) => a + b, 0) / times.length,
    p50: at(0.5),
    p99: at(0.99),
  };
}

function once(url: string, agent: Agent, r: Req): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const req = request(
      `${url}${r.path}`,
      {
        agent,
        method: r.method,
        headers: { ...(r.body ? { 'content-type': 'application/json' } : {}), ...r.headers },
      },
      (res) => {
        res.resume();
        res.once('end', () => {
          if ((res.statusCode ?? 500) >= 500) reject(new Error(`${r.path}: ${res.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - start) / 1e6);
        });
      },
    );
    req.once('error', reject);
    req.end(r.body);
  });
}
