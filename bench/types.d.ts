// autocannon ships no types; the benchmark uses only what bench/lib/load.ts declares it needs.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    duration: number;
    errors: number;
    latency: Histogram;
    statusCodeStats?: Record<string, { count: number }>;
  }
  function autocannon(opts: Record<string, unknown>): Promise<Result>;
  export default autocannon;
}
