import autocannon from 'autocannon';

export interface Req {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  name: string;
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
  /** Responses by status code. */
  status: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
  /** Highest resident memory of the server(s) sampled during the scenario, MB. */
  rssMb?: number;
  /** CPU the server process(es) used per answered request (all threads), ms: what the machine's load does not move much. */
  cpuMsPerRequest?: number;
}

/**
 * Drives the server with autocannon over HTTP/1.1 keep-alive on loopback. Every request is made by
 * `next()`, so each can carry another city pair, ride or user, and says it takes gzip, as every browser's
 * and phone's HTTP client does (the server sends search pages compressed to such clients, decision 029).
 */
export async function load(opts: {
  name: string;
  url: string;
  connections: number;
  seconds: number;
  next: () => Req;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    timeout: 30,
    requests: [
      {
        setupRequest: (req: any) => {
          const r = opts.next();
          return {
            ...req,
            method: r.method,
            path: r.path,
            headers: {
              'accept-encoding': 'gzip, deflate, br',
              ...(r.body ? { 'content-type': 'application/json' } : {}),
              ...r.headers,
            },
            body: r.body,
          };
        },
      },
    ],
  });
  const status: Record<string, number> = {};
  for (const [code, v] of Object.entries(result.statusCodeStats ?? {}))
    status[code] = Number((v as { count: number }).count);
  const requests = Object.values(status).reduce((a, b) => a + b, 0);
  return {
    name: opts.name,
    connections: opts.connections,
    seconds: result.duration,
    requests,
    rps: requests / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    mean: result.latency.average,
    status,
    errors: result.errors,
  };
}

/** Two loads at once (two servers sharing a database): throughput adds up, latency takes the worse. */
export function combine(name: string, a: LoadResult, b: LoadResult): LoadResult {
  const status: Record<string, number> = { ...a.status };
  for (const [k, v] of Object.entries(b.status)) status[k] = (status[k] ?? 0) + v;
  return {
    name,
    connections: a.connections + b.connections,
    seconds: Math.max(a.seconds, b.seconds),
    requests: a.requests + b.requests,
    rps: a.rps + b.rps,
    p50: Math.max(a.p50, b.p50),
    p99: Math.max(a.p99, b.p99),
    max: Math.max(a.max, b.max),
    mean: (a.mean * a.requests + b.mean * b.requests) / Math.max(1, a.requests + b.requests),
    status,
    errors: a.errors + b.errors,
  };
}

export const count = (r: LoadResult, pred: (code: number) => boolean) =>
  Object.entries(r.status).reduce((n, [code, v]) => (pred(Number(code)) ? n + v : n), 0);
