/**
 * Pages of search results, kept as JSON text until something they show may have changed (decision 008).
 *
 * A search is read far more often than the rides it lists change: the same corridors and dates are asked
 * for all morning. Computing a page costs the server's single thread far more (decision 017) than sending
 * a kept one, a map look-up whose bytes go out as they are. Nothing is kept on trust of time alone:
 *
 * - Every use case that changes what a page shows says so after its transaction commits: `ridesChanged`
 *   with each ride it touched and its points (offer, edit, status, delete, book, cancel), `driverChanged`
 *   (a driver's rating), or `everythingChanged` (a driver's name or phone, an account deleted). A ride
 *   marks the grid cells its route crosses and its points' places, on their dates (decision 020); a page
 *   is served only while no mark of its boarding cells and places on its date is newer than its query.
 * - Changes committed by another connection (a second process on the same SQLite file, a script) show in
 *   SQLite's `data_version`, read at most every `externalCheckMs` (reading it takes a read lock, too dear
 *   for every look-up): any such change voids every page.
 * - A page is never served once its soonest boarding has passed (that ride would no longer be listed).
 * - On PostgreSQL, other processes' changes arrive as notices (db/change-feed.ts, decision 020); while
 *   they cannot, `offlineTtlMs` bounds how long their writes stay unseen.
 * - `ttlMs` bounds what is left.
 *
 * Pages are bounded by their size in memory and forgotten least recently used first.
 */
import { routeCells } from '../marketplace/route-cells.js';

interface SearchCacheOptions {
  /** How long a page may be served at most. */
  ttlMs: number;
  /**
   * PostgreSQL with a change feed (db/change-feed.ts): the bound while other processes' notices are not
   * being received (at start and while the listening connection is down), when their writes are unseen.
   */
  offlineTtlMs?: number;
  /** Memory bound for all pages together, in bytes. */
  maxBytes: number;
  /** A number that changes when another connection commits (SQLite's data_version); absent on PostgreSQL. */
  externalVersion?: () => number;
  /** How often `externalVersion` is read at most, in ms: the delay before another connection's commit shows. */
  externalCheckMs?: number;
  /** Monotonic milliseconds; real time even when the app's clock is fixed in tests. */
  monotonicNow?: () => number;
}

/**
 * Where a ride can be found: its points (their grid cells and places, on their dates; decision 020). A
 * ride given without points (none read) is only known by its departure date: every page of that date goes.
 */
export interface RideSlot {
  departureDate: string;
  points: readonly { lat: number | null; lng: number | null; placeId: string | null; date: string }[];
}

/** A page of rides as the bytes of the whole answer, for any viewer who drives none of them (search-page.ts). */
export interface SearchPage {
  /** The answer's JSON, gzip-compressed. */
  gzip: Buffer;
  /** The driver of each ride listed, in order. */
  driverIds: readonly string[];
  /** Where each ride's `"isOwnRide":false` has its `false`, as a byte offset in the JSON. */
  flagOffsets: readonly number[];
  /** Departure of the soonest ride listed, on the app clock; Infinity for an empty page. */
  firstDepartureAt: number;
  /** Drivers listed whose phone a stranger is not shown (section 9): their co-travellers get a page of their own. */
  withheld?: readonly string[];
}

/**
 * Where the rides a page lists board: the grid cells near the searched `from` and the places its name
 * matches, on the date. Every ride listed, or that a change could add, has a cell or a point there.
 */
export interface PageScope {
  cells: readonly number[];
  placeIds: readonly string[];
  date: string;
  /** Sorted by the drivers' rating: any driver's new rating may reorder it, listed on it or not. */
  byRating?: boolean;
}

interface Entry extends SearchPage {
  scope: PageScope;
  /** The change counter when the page's query started: any change numbered above it voids the page. */
  since: number;
  freshUntil: number;
  bytes: number;
}

/** Above this many cells and places a page is voided by any change on its date instead of one by one. */
const MAX_KEYS_CHECKED = 64;
/** Change marks kept before they are all dropped (with every page): they grow with distinct pairs and dates. */
const MAX_MARKS = 100_000;

const cellKey = (cell: number, date: string) => `c${cell}@${date}`;
const placeKey = (placeId: string, date: string) => `p${placeId}@${date}`;
/** Set by a ride given without its points: every page of the date goes. */
const wholeDateKey = (date: string) => `*@${date}`;

/** The marks a ride's change sets: its cells and places on each date it is on the road. */
function slotKeys(slot: RideSlot): string[] {
  if (slot.points.length === 0) return [wholeDateKey(slot.departureDate), slot.departureDate];
  const dates = [...new Set(slot.points.map((p) => p.date))];
  const keys = [...dates];
  for (const date of dates) {
    for (const c of routeCells(slot.points)) keys.push(cellKey(c.cell, date));
    for (const p of slot.points) if (p.placeId !== null) keys.push(placeKey(p.placeId, date));
  }
  return keys;
}

/**
 * The bytes in memory of their own. A small `Buffer.from(text)` is a slice of Node's shared pool, and a kept
 * slice keeps its whole block alive, most of it other requests' dead buffers, uncounted by the cache's
 * bound (decision 017).
 */
function ownBytes(body: Buffer): Buffer {
  if (body.byteOffset === 0 && body.buffer.byteLength === body.length) return body;
  const own = Buffer.allocUnsafeSlow(body.length);
  body.copy(own);
  return own;
}

export class SearchCache {
  private readonly pages = new Map<string, Entry>();
  /** Pair-and-date and date-only marks, each with the number of the last change to it. */
  private readonly changedAt = new Map<string, number>();
  /** Drivers whose name or rating changed, each with the number of that change. */
  private readonly driverChangedAt = new Map<string, number>();
  private counter = 0;
  private everythingAt = 0;
  /** The number of the last change to any driver: pages sorted by rating made before it are not served. */
  private driverAt = 0;
  private bytes = 0;
  private external: number | undefined;
  private externalCheckedAt = -Infinity;
  private readonly monotonicNow: () => number;
  private ttlMs: number;

  constructor(private readonly options: SearchCacheOptions) {
    this.monotonicNow = options.monotonicNow ?? (() => performance.now());
    this.ttlMs = options.offlineTtlMs ?? options.ttlMs;
    this.external = options.externalVersion?.();
    this.externalCheckedAt = this.monotonicNow();
  }

  /** Read before querying; pass to `set`, so a change committed while the query ran voids the page. */
  mark(): number {
    this.checkExternal();
    return this.counter;
  }

  get(key: string, nowMs: number): SearchPage | undefined {
    this.checkExternal();
    const entry = this.pages.get(key);
    if (!entry) return undefined;
    this.pages.delete(key);
    if (!this.isCurrent(entry, nowMs)) {
      this.bytes -= entry.bytes;
      return undefined;
    }
    this.pages.set(key, entry); // most recently used last
    return entry;
  }

  set(key: string, scope: PageScope, since: number, page: SearchPage, nowMs: number): void {
    // Picked, not spread: a page just built carries its JSON too, which is not kept.
    const { gzip, driverIds, flagOffsets, firstDepartureAt, withheld } = page;
    const entry: Entry = {
      gzip,
      driverIds,
      flagOffsets,
      firstDepartureAt,
      withheld,
      scope,
      since,
      freshUntil: this.monotonicNow() + this.ttlMs,
      // The body, the key and the small arrays with their objects, roughly.
      bytes: gzip.length + 2 * key.length + 48 * page.driverIds.length + 300,
    };
    if (
      !this.isCurrent(entry, nowMs) ||
      this.showsDriverChangedSince(entry) ||
      entry.bytes > this.options.maxBytes / 4
    ) {
      return;
    }
    entry.gzip = ownBytes(gzip);
    const previous = this.pages.get(key);
    if (previous) {
      this.pages.delete(key);
      this.bytes -= previous.bytes;
    }
    this.pages.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldKey, old] of this.pages) {
      if (this.bytes <= this.options.maxBytes) break;
      this.pages.delete(oldKey);
      this.bytes -= old.bytes;
    }
  }

  /** These rides changed (or now pass there): pages whose boarding cells or places they touch go. */
  ridesChanged(slots: Iterable<RideSlot>): void {
    if (this.changedAt.size >= MAX_MARKS) {
      this.everythingChanged();
      return;
    }
    this.counter += 1;
    for (const s of slots) for (const key of slotKeys(s)) this.changedAt.set(key, this.counter);
  }

  /**
   * What one driver's rides show changed (their rating): only the pages listing one of their rides go,
   * and every page sorted by rating.
   * Kept pages are dropped here, once, so `get` stays a look-up (the scan is not; decision 017); a page
   * whose query was running meanwhile is refused by `set` through the mark.
   */
  driverChanged(driverId: string): void {
    if (this.driverChangedAt.size >= MAX_MARKS) {
      this.everythingChanged();
      return;
    }
    this.counter += 1;
    this.driverChangedAt.set(driverId, this.counter);
    this.driverAt = this.counter;
    for (const [key, entry] of this.pages) {
      if (!entry.scope.byRating && !entry.driverIds.includes(driverId)) continue;
      this.pages.delete(key);
      this.bytes -= entry.bytes;
    }
  }

  /** Something every page may show changed (a driver's name, phone or rating; an account deleted). */
  everythingChanged(): void {
    this.counter += 1;
    this.everythingAt = this.counter;
    this.changedAt.clear();
    this.driverChangedAt.clear();
    this.pages.clear();
    this.bytes = 0;
  }

  /** Whether other processes' changes are being received (db/change-feed.ts): the long bound or the short. */
  online(on: boolean): void {
    this.ttlMs = on ? this.options.ttlMs : (this.options.offlineTtlMs ?? this.options.ttlMs);
  }

  /** Pages kept and their size, for tests and the benchmark. */
  stats(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  private checkExternal(): void {
    if (!this.options.externalVersion) return;
    const now = this.monotonicNow();
    if (now - this.externalCheckedAt < (this.options.externalCheckMs ?? 100)) return;
    this.externalCheckedAt = now;
    const version = this.options.externalVersion();
    if (version !== this.external) {
      this.external = version;
      this.everythingChanged();
    }
  }

  private showsDriverChangedSince(e: Entry): boolean {
    return e.driverIds.some((id) => (this.driverChangedAt.get(id) ?? 0) > e.since);
  }

  private isCurrent(e: Entry, nowMs: number): boolean {
    if (e.since < this.everythingAt || e.freshUntil <= this.monotonicNow() || e.firstDepartureAt <= nowMs) {
      return false;
    }
    if (e.scope.byRating && this.driverAt > e.since) return false;
    const { cells, placeIds, date } = e.scope;
    const changed = (key: string) => (this.changedAt.get(key) ?? 0) > e.since;
    if (cells.length + placeIds.length > MAX_KEYS_CHECKED) return !changed(date);
    if (changed(wholeDateKey(date))) return false;
    return !cells.some((c) => changed(cellKey(c, date))) && !placeIds.some((p) => changed(placeKey(p, date)));
  }
}
