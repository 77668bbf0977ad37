import type { ImageType } from './image-type.js';

/**
 * How much picture work one process takes on at once, so that it stays within its 250 MB budget under any
 * upload load (docs/decisions/014-picture-uploads-bounded.md has the measurements).
 */

/** Uploads being received, waiting or decoded at once; each holds up to 5 MB until it is decoded. */
export const UPLOADS_AT_ONCE = 8;
/** What a refused upload is told to wait: a queue of 8 small pictures drains in about a second. */
export const BUSY_RETRY_SECONDS = 5;
/** Decodes at once: the costliest allowed picture holds about 70 MB of native memory while it is drawn again. */
export const DECODES_AT_ONCE = 1;

/**
 * Most megapixels decoded, by how the format is decoded, so that one decode holds at most about 70 MB
 * (measured on the built server with MALLOC_ARENA_MAX=2, as `npm start` runs it; see decision 014).
 * JPEG and WebP are decoded already shrunk (shrink-on-load): a 48 MP JPEG costs about 16 MB, so every
 * phone camera's photo passes (50 MP sensors give 8160 × 6120). A PNG is read line by line but costs
 * 2.4 (RGB) to 4.4 (RGBA) bytes per pixel; no real photo of 12 MP fits a 5 MB PNG. A progressive JPEG,
 * an interlaced PNG and a GIF frame are held whole: 8 to 12 bytes per pixel.
 */
const MAX_MEGAPIXELS = { streamed: 50, png: 12, whole: 4 } as const;

export function maxMegapixels(type: ImageType, progressive: boolean): number {
  if (type === 'gif' || progressive) return MAX_MEGAPIXELS.whole;
  return type === 'png' ? MAX_MEGAPIXELS.png : MAX_MEGAPIXELS.streamed;
}

/** A counting semaphore: `acquire` waits its turn, `tryAcquire` refuses at once when all slots are taken. */
export class Semaphore {
  private taken = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly slots: number) {}

  tryAcquire(): boolean {
    if (this.taken >= this.slots) return false;
    this.taken += 1;
    return true;
  }

  async acquire(): Promise<void> {
    if (this.tryAcquire()) return;
    // The releasing holder hands its slot straight to the next in line, so `taken` stays as it is.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.taken -= 1;
  }
}
