/**
 * A short-lived, in-process memory of which places a search term matches.
 *
 * Every search resolves its two typed places through `place_terms` (an index range, but two statements
 * per search, about a tenth of its database work in bench/FINDINGS.md), while the answers change only
 * when a new place is created. Answers are kept per database for `ttlMs` of real time. Creating a place
 * in this process forgets them all at once; another process sees a new place once its own answer for
 * that term is older than `ttlMs` (decision 005). So does this process when a search reads the terms
 * while the transaction creating the place has not committed yet: the same bounded delay, never more.
 */
export interface PlaceMatchCacheOptions {
  ttlMs?: number;
  max?: number;
  monotonicNow?: () => number;
}

interface Entry {
  ids: readonly string[];
  freshUntil: number;
}

export class PlaceMatchCache {
  /** One map per database object: tests run several databases in one process, with different place ids. */
  private byDb = new WeakMap<object, Map<string, Entry>>();
  private readonly ttlMs: number;
  private readonly max: number;
  private readonly monotonicNow: () => number;

  constructor(options: PlaceMatchCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.max = options.max ?? 5_000;
    this.monotonicNow = options.monotonicNow ?? (() => performance.now());
  }

  get(db: object, term: string): readonly string[] | undefined {
    const map = this.byDb.get(db);
    const entry = map?.get(term);
    if (!entry) return undefined;
    if (entry.freshUntil <= this.monotonicNow()) {
      map!.delete(term);
      return undefined;
    }
    return entry.ids;
  }

  set(db: object, term: string, ids: readonly string[]): void {
    let map = this.byDb.get(db);
    if (!map) this.byDb.set(db, (map = new Map()));
    // Typed terms are open-ended input: past the bound, start over rather than grow.
    if (map.size >= this.max) map.clear();
    map.set(term, { ids: Object.freeze([...ids]), freshUntil: this.monotonicNow() + this.ttlMs });
  }

  /** A place was created: any term may now match it. */
  clear(): void {
    this.byDb = new WeakMap();
  }
}

export const placeMatches = new PlaceMatchCache();
