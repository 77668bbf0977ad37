/** A small seedable PRNG (mulberry32), so a given --seed always generates the same data. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Standard normal (Box-Muller). */
  normal(mean: number, sd: number): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** 32 random bits as 8 hex digits. */
  hex8(): string {
    return Math.floor(this.next() * 4294967296)
      .toString(16)
      .padStart(8, '0');
  }
}

/** Index into cumulative weights by binary search. */
export function weightedIndex(cumulative: Float64Array, r: number): number {
  const target = r * cumulative[cumulative.length - 1]!;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid]! > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function cumulativeOf(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += w;
    out[i] = sum;
  });
  return out;
}

/**
 * A time-ordered UUID (version 7 layout): the first 48 bits are a millisecond stamp, the rest random.
 * Rows inserted in id order append to the primary-key B-tree instead of splitting random pages,
 * which is what keeps a million-row insert fast. The server itself issues v4 UUIDs; both are UUIDs.
 */
export function uuid7(ms: number, rnd: Random): string {
  const t = ms.toString(16).padStart(12, '0');
  const a = rnd.hex8();
  const b = rnd.hex8();
  const c = rnd.hex8();
  const variant = ((parseInt(a[3]!, 16) & 0x3) | 0x8).toString(16);
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-7${a.slice(0, 3)}-${variant}${a.slice(4, 7)}-${b}${c.slice(0, 4)}`;
}
