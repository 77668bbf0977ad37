/** The image formats a profile picture may be, as sharp names them after reading the file's header. */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif';

const DECLARED: Record<string, ImageType> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** What a browser sends when it does not know the file's type: the bytes alone decide. */
const UNDECLARED = new Set(['', 'application/octet-stream']);

const ascii = (bytes: Buffer, from: number, to: number) => bytes.subarray(from, to).toString('latin1');

/**
 * The file's real type from its first bytes (its magic number), never from its name or declared type:
 * only these formats reach the decoder, so libvips' other loaders (SVG, PDF, TIFF, HEIF/AVIF …) never see
 * user input. AVIF is not among them: its decoder holds far more memory per megapixel (decision 014).
 */
export function imageTypeOf(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** A declared type contradicts the bytes when it names another format (or something that is no image). */
export function contradicts(declared: string, actual: ImageType): boolean {
  const type = declared.split(';')[0]!.trim().toLowerCase();
  return !UNDECLARED.has(type) && DECLARED[type] !== actual;
}
