/**
 * A short-lived, in-process memory of which places a search term matches.
 *
 * Every search resolves its two typed places through `place_terms` (an index range, but two statements
 * per search, a visible share of its database work: decision 018), while the answers change only
 * when a new place is created. Answers are kept by each app (buildApp) for `ttlMs` of real time. Creating
 * a place through the app forgets them all at once; another process sees a new place once its own answer for
 * that term is older than `ttlMs` (decision 005). So does this process when a search reads the terms
 * while the transaction creating the place has not committed yet: the same bounded delay, never more.
 */
import type { Located } from './locate-place.js';

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
  private readonly entries = new Map<string, Entry>();
  private readonly spots = new Map<string, readonly Located[]>();
  private readonly ttlMs: number;
  private readonly max: number;
  private readonly monotonicNow: () => number;

  constructor(options: PlaceMatchCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.max = options.max ?? 5_000;
    this.monotonicNow = options.monotonicNow ?? (() => performance.now());
  }

  get(term: string): readonly string[] | undefined {
    const entry = this.entries.get(term);
    if (!entry) return undefined;
    if (entry.freshUntil <= this.monotonicNow()) {
      this.entries.delete(term);
      return undefined;
    }
    return entry.ids;
  }

  set(term: string, ids: readonly string[]): void {
    // Typed terms are open-ended input: past the bound, start over rather than grow.
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(term, { ids: Object.freeze([...ids]), freshUntil: this.monotonicNow() + this.ttlMs });
  }

  /** Where a stored place can be (its name never changes, so this is kept until the bound is reached). */
  spotsOf(placeId: string): readonly Located[] | undefined {
    return this.spots.get(placeId);
  }

  setSpots(placeId: string, spots: readonly Located[]): void {
    if (this.spots.size >= this.max) this.spots.clear();
    this.spots.set(placeId, spots);
  }

  /** A place was created: any term may now match it. */
  clear(): void {
    this.entries.clear();
  }
}
