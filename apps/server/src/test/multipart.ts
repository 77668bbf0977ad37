import sharp from 'sharp';

export interface FilePart {
  name: string;
  type: string;
  content: Buffer;
}

/** A multipart/form-data body with one file part, as a browser's form would send it. */
export function multipart(file: FilePart, field = 'file') {
  const boundary = `----saathchalo${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), file.content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A PNG of one colour: small on disk whatever its size in pixels. */
export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
