import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ACCOUNT_ERR } from '@saathchalo/shared';
import { AppError, badRequest } from '../../lib/errors.js';
import { newSecret } from '../../lib/ids.js';
import { contradicts, imageTypeOf } from './image-type.js';
import { DECODES_AT_ONCE, maxMegapixels, Semaphore } from './upload-limits.js';

const PICTURE_SIZE = 256;

export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');

// Process-wide like libvips itself: memory is one budget for the whole process.
const decodes = new Semaphore(DECODES_AT_ONCE);

/**
 * The upload is decoded and drawn again as a 256 px WebP: whatever the file carried (metadata, location,
 * a script disguised as an image) does not survive, and every avatar is small and square.
 */
export async function toProfilePicture(input: Buffer, mimetype: string): Promise<Buffer> {
  const type = imageTypeOf(input);
  if (!type) throw badRequest(ACCOUNT_ERR.pictureNotImage);
  if (contradicts(mimetype, type)) throw badRequest(ACCOUNT_ERR.pictureTypeMismatch);
  const sharp = await loadSharp();
  // The header alone tells the size, so an oversized picture is refused, in words, before any pixel is decoded.
  const meta = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== type) throw badRequest(ACCOUNT_ERR.pictureInvalid);
  const megapixels = maxMegapixels(type, meta.isProgressive === true);
  const maxPixels = megapixels * 1_000_000;
  if (meta.width * meta.height > maxPixels) {
    throw new AppError(400, ACCOUNT_ERR.pictureTooManyPixels(megapixels), null, 'PICTURE_TOO_MANY_PIXELS');
  }
  const options = { limitInputPixels: maxPixels, failOn: 'error', animated: false } as const;
  await decodes.acquire();
  try {
    // JPEG and WebP are decoded already shrunk (sharp's shrink-on-load), so a 48 MP photo costs a fraction.
    return await sharp(input, options)
      .rotate() // honour EXIF orientation before it is stripped
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest(ACCOUNT_ERR.pictureInvalid);
  } finally {
    decodes.release();
  }
}

/**
 * Loaded on first use: sharp and libvips weigh on every server process, most of which never resize a
 * picture (decision 017).
 */
async function loadSharp() {
  const { default: sharp } = await import('sharp');
  // Every upload is a different file: libvips' cache of recent operations would only hold memory.
  sharp.cache(false);
  // One libvips thread per decode: with two, decodes in a row left ever more memory behind (decision 014),
  // and decodes are one at a time anyway.
  sharp.concurrency(1);
  return sharp;
}

/** A new random name per upload, so the file can be cached forever and old URLs stop working. */
export async function savePicture(dataDir: string, userId: string, webp: Buffer): Promise<string> {
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const file = `${userId}-${newSecret().slice(0, 16)}.webp`;
  await writeFile(join(dir, file), webp);
  return file;
}

export async function removePicture(dataDir: string, file: string | null): Promise<void> {
  if (!file || file.includes('/') || file.includes('\\')) return;
  await rm(join(uploadsDir(dataDir), file), { force: true });
}
