import { connect } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERR } from '@saathchalo/shared';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createUser } from '../../test/factories.js';
import { multipart, png, type FilePart } from '../../test/multipart.js';
import { UPLOADS_AT_ONCE } from './upload-limits.js';

const failure = (code: string, text: string) => ({ success: false, data: null, message: text, error: text, code });

/** Writes one request on a fresh socket exactly as given and reads the answer until the server closes. */
function overTheWire(port: number, head: string[], body: Buffer): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end(Buffer.concat([Buffer.from([...head, 'Connection: close', '', ''].join('\r\n')), body]));
    });
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('error', reject);
    socket.on('close', () => {
      const [statusLine = '', ...rest] = answer.split('\r\n');
      const payload = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      resolve({ status: Number(statusLine.split(' ')[1]), json: rest.length ? JSON.parse(payload) : null });
    });
  });
}

const image = (format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#2266aa' } })
    .toFormat(format)
    .toBuffer();

describe('what a profile picture upload is judged by', () => {
  let ctx: TestContext;
  let auth: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestApp();
    auth = (await createUser(ctx)).auth;
  });
  afterAll(() => ctx.close());

  const send = (payload: Buffer | Readable, headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/users/profile/picture',
      headers: { ...auth, ...headers },
      payload,
    });
  const upload = (file: FilePart) => {
    const body = multipart(file);
    return send(body.payload, body.headers);
  };

  it('accepts JPEG, PNG, WebP and GIF, also when the browser declares no image type', async () => {
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['jpeg', 'image/jpg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
      ['gif', 'image/gif'],
      ['webp', 'application/octet-stream'],
    ] as const) {
      const res = await upload({ name: 'photo', type, content: await image(format) });
      expect(res.statusCode, `${format} declared ${type}: ${res.body}`).toBe(200);
    }
  });

  it('refuses a JPEG declared as a PNG with 400, whatever the file is called', async () => {
    const res = await upload({ name: 'me.png', type: 'image/png', content: await image('jpeg') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      failure('PICTURE_TYPE_MISMATCH', "The file's contents do not match its type. Please choose the image again."),
    );
  });

  it('refuses an SVG, a TIFF and an AVIF by their bytes with 400, naming what is accepted', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>');
    for (const file of [
      { name: 'me.svg', type: 'image/svg+xml', content: svg },
      { name: 'me.png', type: 'image/png', content: svg },
      {
        name: 'me.tif',
        type: 'image/tiff',
        content: await image('png').then((p) => sharp(p).tiff().toBuffer()),
      },
      { name: 'me.avif', type: 'image/avif', content: await image('avif') },
    ]) {
      const res = await upload(file);
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json()).toEqual(failure('PICTURE_NOT_IMAGE', 'Only image files are allowed (JPEG, PNG, WebP or GIF)'));
    }
  });

  it('accepts a 48-megapixel phone photo (8000 × 6000 JPEG)', async () => {
    const res = await upload({
      name: 'IMG_0001.jpg',
      type: 'image/jpeg',
      content: await image('jpeg', 8000, 6000),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses, before decoding, more pixels than the format can be decoded in: PNG 12 MP, progressive 4, GIF 4', async () => {
    const tooMany = (megapixels: number) =>
      failure('PICTURE_TOO_MANY_PIXELS', `The picture has too many pixels: at most ${megapixels} megapixels for this type of image`);
    const forty = await upload({ name: 'huge.png', type: 'image/png', content: await png(8000, 5000) });
    expect(forty.statusCode).toBe(400);
    expect(forty.json()).toEqual(tooMany(12));
    const interlaced = await sharp(await png(2100, 2000))
      .png({ progressive: true })
      .toBuffer();
    expect((await upload({ name: 'i.png', type: 'image/png', content: interlaced })).json()).toEqual(
      tooMany(4),
    );
    const progressive = await sharp(await image('jpeg', 2100, 2000))
      .jpeg({ progressive: true })
      .toBuffer();
    expect((await upload({ name: 'p.jpg', type: 'image/jpeg', content: progressive })).json()).toEqual(
      tooMany(4),
    );
    const gif = await upload({ name: 'big.gif', type: 'image/gif', content: await image('gif', 2100, 2000) });
    expect(gif.json()).toEqual(tooMany(4));
  });

  it('accepts a PNG of 12 MP and a progressive JPEG of 4 MP', async () => {
    expect(
      (await upload({ name: 'p.png', type: 'image/png', content: await png(4000, 3000) })).statusCode,
    ).toBe(200);
    const progressive = await sharp(await image('jpeg', 2000, 2000))
      .jpeg({ progressive: true })
      .toBuffer();
    expect((await upload({ name: 'p.jpg', type: 'image/jpeg', content: progressive })).statusCode).toBe(200);
  });

  it('answers a multipart body that ends mid-part with 400 (honest Content-Length)', async () => {
    const body = multipart({ name: 'me.png', type: 'image/png', content: await png(300, 300) });
    const cut = body.payload.subarray(0, body.payload.length - 60);
    const res = await send(cut, body.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(failure('PICTURE_INCOMPLETE', ACCOUNT_ERR.pictureIncomplete));
  });

  it('answers a chunked multipart body that ends mid-part with 400', async () => {
    const body = multipart({ name: 'me.png', type: 'image/png', content: await png(300, 300) });
    const res = await send(Readable.from([body.payload.subarray(0, 200)]), {
      ...body.headers,
      'transfer-encoding': 'chunked',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(failure('PICTURE_INCOMPLETE', 'The upload arrived incomplete or damaged. Please try again.'));
  });

  it('answers a body cut off mid-part over a real connection with 400, with an honest Content-Length or chunked', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as { port: number };
    const body = multipart({ name: 'me.png', type: 'image/png', content: await png(300, 300) });
    const cut = body.payload.subarray(0, 300);
    const head = [
      'POST /api/users/profile/picture HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Authorization: ${auth.authorization}`,
      `Content-Type: ${body.headers['content-type']}`,
    ];
    const honest = await overTheWire(port, [...head, `Content-Length: ${cut.length}`], cut);
    const chunked = await overTheWire(
      port,
      [...head, 'Transfer-Encoding: chunked'],
      Buffer.concat([Buffer.from(`${cut.length.toString(16)}\r\n`), cut, Buffer.from('\r\n0\r\n\r\n')]),
    );
    for (const answer of [honest, chunked]) {
      expect(answer).toEqual({ status: 400, json: failure('PICTURE_INCOMPLETE', ACCOUNT_ERR.pictureIncomplete) });
    }
  });

  it(`answers 503 with Retry-After while ${UPLOADS_AT_ONCE} uploads are in progress, and takes uploads again after`, async () => {
    const body = multipart({ name: 'me.png', type: 'image/png', content: await png(64, 64) });
    const held = Array.from({ length: UPLOADS_AT_ONCE }, () => {
      const stream = new PassThrough();
      stream.write(body.payload.subarray(0, 200));
      return { stream, answer: send(stream, body.headers) };
    });
    // Let every held upload reach its handler before the next one knocks.
    await new Promise((r) => setTimeout(r, 300));

    const refused = await upload({ name: 'me.png', type: 'image/png', content: await png(64, 64) });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual(
      failure('PICTURES_BUSY', 'Too many pictures are being uploaded right now. Please try again in a moment.'),
    );

    for (const { stream } of held) stream.end(body.payload.subarray(200));
    expect((await Promise.all(held.map((h) => h.answer))).map((r) => r.statusCode)).toEqual(
      held.map(() => 200),
    );
    expect((await upload({ name: 'me.png', type: 'image/png', content: await png(64, 64) })).statusCode).toBe(
      200,
    );
  });
});
