import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ACCOUNT_ERR } from '@saathchalo/shared';
import { badRequest } from '../../lib/errors.js';
import { newSecret } from '../../lib/ids.js';

export const PICTURE_SIZE = 256;
const ACCEPTED_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
  'image/heif',
]);

export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');

/**
 * The upload is decoded and drawn again as a 256 px WebP: whatever the file carried (metadata, location,
 * a script disguised as an image) does not survive, and every avatar is small and square.
 */
export async function toProfilePicture(input: Buffer, mimetype: string): Promise<Buffer> {
  if (!ACCEPTED_TYPES.has(mimetype.toLowerCase())) throw badRequest(ACCOUNT_ERR.pictureNotImage);
  // Loaded on first use: sharp and libvips add about 27 MB to every server process, most of which never resize a picture.
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(input, { limitInputPixels: 40_000_000, failOn: 'error', animated: false })
      .rotate() // honour EXIF orientation before it is stripped
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest(ACCOUNT_ERR.pictureInvalid);
  }
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
