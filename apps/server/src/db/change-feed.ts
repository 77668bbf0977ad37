import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { ChangeListener } from './change-listener.js';

/**
 * Search-page change notices shared by every server process on one PostgreSQL database (decision 008,
 * decision 020), over LISTEN/NOTIFY.
 *
 * Without them a process cannot see what another one commits, so its kept search pages could be trusted
 * for 2 s only; at the benchmark's 32 connections that bound expired most pages before they were asked
 * for again, and every miss cost four statements and a query plan each (decision 020): search ran at
 * 8-22% of /api/health. With them a page is kept as long as on SQLite.
 *
 * - What a unit of work declares after its commit is applied here at once and sent to the others in one
 *   NOTIFY per turn of the event loop (a burst of bookings is one statement, not one each), through the
 *   pool, so a broken listening connection does not silence this process's own changes.
 * - Notices of other processes are applied as they arrive (PostgreSQL delivers them after their commit).
 * - While the listening connection is down nothing of the others is seen: `online(false)` tells the
 *   cache to fall back to its short bound and to drop every page; on reconnecting, pages kept in the gap
 *   are dropped again, since what changed meanwhile is unknown.
 *
 * What is lost: the notices of a process that dies between its commit and its NOTIFY (a few ms); others
 * serve pages showing those rides until the long bound (60 s), as a page a passenger loaded could.
 */
export interface ChangeSink extends ChangeListener {
  /** Whether other processes' changes are being received. */
  online(on: boolean): void;
}

export interface ChangeFeed {
  /** Apply here and tell every other process: pass to the unit of work. */
  publish: ChangeListener;
  stop(): Promise<void>;
}

export const CHANGE_CHANNEL = 'saathchalo_search_changes';
/** PostgreSQL refuses a payload of 8,000 bytes or more; rides are sent in groups below that. */
const MAX_PAYLOAD = 7_000;
const RECONNECT_MS = 1_000;

interface Notice {
  /** The sending process, so it skips its own. */
  o: string;
  r?: unknown[];
  d?: string[];
  e?: 1;
}

export interface FeedOptions {
  Client: typeof pg.Client;
  url: string;
  /** Sends one NOTIFY (through the pool: `select pg_notify($1, $2)`). */
  notify(channel: string, payload: string): Promise<void>;
  onError?: (err: Error) => void;
}

export function startChangeFeed(sink: ChangeSink, options: FeedOptions): ChangeFeed {
  const outbox = new NoticeOutbox(randomUUID(), options);
  const listener = new Listener(outbox.origin, sink, options);
  void listener.connect();
  return {
    publish: {
      ridesChanged(rides) {
        const list = [...rides];
        sink.ridesChanged(list);
        outbox.later().rides.push(...list);
      },
      driverChanged(driverId) {
        sink.driverChanged(driverId);
        outbox.later().drivers.add(driverId);
      },
      everythingChanged() {
        sink.everythingChanged();
        outbox.later().everything = true;
      },
    },
    stop: () => listener.stop(),
  };
}

/** This process's notices, gathered over one turn of the event loop and sent together. */
class NoticeOutbox {
  private pending: { rides: unknown[]; drivers: Set<string>; everything: boolean } | undefined;

  constructor(
    readonly origin: string,
    private readonly options: FeedOptions,
  ) {}

  later() {
    if (!this.pending) {
      this.pending = { rides: [], drivers: new Set(), everything: false };
      setImmediate(() => this.flush());
    }
    return this.pending;
  }

  private flush(): void {
    const batch = this.pending!;
    this.pending = undefined;
    if (batch.everything) {
      this.send({ e: 1 });
      return;
    }
    if (batch.drivers.size) this.send({ d: [...batch.drivers] });
    let group: unknown[] = [];
    let size = 0;
    for (const ride of batch.rides) {
      const length = JSON.stringify(ride).length + 1;
      if (size + length > MAX_PAYLOAD && group.length) {
        this.send({ r: group });
        group = [];
        size = 0;
      }
      group.push(ride);
      size += length;
    }
    if (group.length) this.send({ r: group });
  }

  private send(notice: Omit<Notice, 'o'>): void {
    this.options
      .notify(CHANGE_CHANNEL, JSON.stringify({ o: this.origin, ...notice }))
      .catch((err: Error) => this.options.onError?.(err));
  }
}

/** The LISTEN connection: other processes' notices in, reconnected when lost. */
class Listener {
  private client: pg.Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly origin: string,
    private readonly sink: ChangeSink,
    private readonly options: FeedOptions,
  ) {}

  async connect(): Promise<void> {
    const c = new this.options.Client({ connectionString: this.options.url });
    this.client = c;
    c.on('error', (err) => this.lost(c, err));
    c.on('end', () => this.lost(c));
    c.on('notification', (msg) => {
      if (msg.channel === CHANGE_CHANNEL && msg.payload) this.apply(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (this.client !== c || this.stopped) return;
      // Whatever others committed before LISTEN took effect is unknown: nothing kept before it stays.
      this.sink.everythingChanged();
      this.sink.online(true);
    } catch (err) {
      this.lost(c, err as Error);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => undefined);
  }

  private apply(payload: string): void {
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      this.sink.everythingChanged(); // not ours to read: assume the worst
      return;
    }
    if (notice.o === this.origin) return;
    if (notice.e) this.sink.everythingChanged();
    if (notice.r) this.sink.ridesChanged(notice.r as Parameters<ChangeListener['ridesChanged']>[0]);
    for (const driverId of notice.d ?? []) this.sink.driverChanged(driverId);
  }

  private lost(c: pg.Client, err?: Error): void {
    if (this.client !== c) return;
    this.client = undefined;
    if (err) this.options.onError?.(err);
    this.sink.online(false);
    this.sink.everythingChanged();
    c.end().catch(() => undefined);
    if (!this.stopped) this.retry = setTimeout(() => void this.connect(), RECONNECT_MS);
  }
}
