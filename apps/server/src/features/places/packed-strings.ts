/**
 * A list of strings kept as one string and the offsets where each ends. Twenty thousand place names as
 * separate strings cost some 30 bytes of heap each besides their characters, and as many objects for
 * the garbage collector to visit; packed they are two objects. Reading an item back makes a string,
 * so the hot paths (binary search, prefix tests) compare in place instead.
 */
export class PackedStrings {
  readonly size: number;
  private readonly text: string;
  /** `ends[i]` is where item i ends and item i + 1 starts; item 0 starts at 0. */
  private readonly ends: Uint32Array;

  constructor(items: readonly string[]) {
    this.size = items.length;
    this.ends = new Uint32Array(items.length);
    let at = 0;
    items.forEach((item, i) => {
      at += item.length;
      this.ends[i] = at;
    });
    // join writes one sequential string, so none of the items is kept.
    this.text = items.join('');
  }

  private start(i: number): number {
    return i === 0 ? 0 : this.ends[i - 1]!;
  }

  at(i: number): string {
    return this.text.slice(this.start(i), this.ends[i]);
  }

  startsWith(i: number, prefix: string): boolean {
    const start = this.start(i);
    return this.ends[i]! - start >= prefix.length && this.text.startsWith(prefix, start);
  }

  equals(i: number, value: string): boolean {
    return this.ends[i]! - this.start(i) === value.length && this.startsWith(i, value);
  }

  /** Negative, zero or positive as item i sorts before, with or after `value` (by UTF-16 code unit, as `<`). */
  compare(i: number, value: string): number {
    const start = this.start(i);
    const length = this.ends[i]! - start;
    const n = Math.min(length, value.length);
    for (let k = 0; k < n; k += 1) {
      const d = this.text.charCodeAt(start + k) - value.charCodeAt(k);
      if (d !== 0) return d;
    }
    return length - value.length;
  }

  /** The first item not before `value`, in a list sorted by code unit. */
  lowerBound(value: string): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(mid, value) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
