import type { LoadResult } from './lib/load.ts';
import type { FirstViewJs } from './web-budget.ts';
import type { LighthouseScores } from './lighthouse.ts';
import type { Latency } from './lib/probe.ts';
import type { MailResult } from './mail.ts';
import type { CommuteResult } from './commute-budget.ts';

export interface ConfigResult {
  label: string;
  kind: 'sqlite' | 'postgres';
  rides: number;
  users: number;
  servers: number;
  seedSeconds: number | undefined;
  results: LoadResult[];
  peakRssMb: number[];
  oversell: { rides: number; oversold: number; mismatched: number; examples: unknown[] } | undefined;
  hotRideSeats: number;
  searchCpu: { perSearch: number; perRide: number; ridesPerSearch: number };
  /** One request at a time right after the search scenario (lib/probe.ts); single-server runs only. */
  probe?: { health: Latency; search: Latency };
  /** /proc/loadavg (1, 5, 15 minutes) when the configuration finished. */
  load?: string;
  lighthouse?: LighthouseScores[] | undefined;
}

export interface Report {
  ci: boolean;
  serverNodeArgs: string;
  /** Environment variables the server started with besides the fixed ones, as `NAME=value` words. */
  serverEnv?: string;
  notes?: string;
  machine: Record<string, string>;
  started: Date;
  finished: Date;
  seconds: number;
  connections: number;
  configs: ConfigResult[];
  /** The mail scenario (bench/mail.ts), per database. */
  mail?: MailResult[];
  /** Commuter mode's jobs (bench/commute-jobs.ts), SQLite. */
  commute?: CommuteResult;
  web: FirstViewJs | undefined;
}
