import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERR, PROFILE_PICTURE_MAX_BYTES } from '@saathchalo/shared';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createUser } from '../../test/factories.js';
import { multipart, png } from '../../test/multipart.js';

describe('POST /api/users/profile/picture', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const upload = (auth: Record<string, string>, file: { name: string; type: string; content: Buffer }) => {
    const body = multipart(file);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/users/profile/picture',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };
  const uploaded = (url: string) => join(ctx.config.dataDir, 'uploads', url.replace('/uploads/', ''));

  it('re-encodes a real image to a 256 px square WebP, served with caching headers', async () => {
    const user = await createUser(ctx);
    const res = await upload(user.auth, { name: 'me.png', type: 'image/png', content: await png(640, 400) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Profile picture updated successfully',
      data: { id: user.id },
    });
    const url: string = res.json().data.profilePictureUrl;
    expect(url).toMatch(new RegExp(`^/uploads/${user.id}-[\\w-]{16}\\.webp$`));

    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'webp',
      width: 256,
      height: 256,
    });

    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.auth });
    expect(me.json().data.profilePictureUrl).toBe(url);
  });

  it('serves a picture to a page on another origin (CORP cross-origin); every other answer stays same-origin', async () => {
    const user = await createUser(ctx);
    const uploadRes = await upload(user.auth, {
      name: 'me.png',
      type: 'image/png',
      content: await png(64, 64),
    });
    const url: string = uploadRes.json().data.profilePictureUrl;
    // What a browser sends for <img src> on a front end hosted elsewhere (CORS_ORIGINS): a no-cors request.
    const asImage = {
      origin: 'https://front.example.in',
      'sec-fetch-mode': 'no-cors',
      'sec-fetch-dest': 'image',
    };
    const served = await ctx.app.inject({ method: 'GET', url, headers: asImage });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const revalidated = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { ...asImage, 'if-none-match': String(served.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const others = [
      uploadRes,
      await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.auth }),
      await ctx.app.inject({ method: 'GET', url: '/api/health' }),
      await ctx.app.inject({ method: 'GET', url: '/uploads/no-such-picture.webp', headers: asImage }),
    ];
    expect(others.map((r) => [r.statusCode, r.headers['cross-origin-resource-policy']])).toEqual([
      [200, 'same-origin'],
      [200, 'same-origin'],
      [200, 'same-origin'],
      [404, 'same-origin'],
    ]);
  });

  it('replaces the previous picture and removes its file', async () => {
    const user = await createUser(ctx);
    const first = (
      await upload(user.auth, { name: 'a.png', type: 'image/png', content: await png(300, 300) })
    ).json().data.profilePictureUrl;
    const jpeg = await sharp({ create: { width: 500, height: 900, channels: 3, background: '#2266aa' } })
      .jpeg()
      .toBuffer();
    const second = (await upload(user.auth, { name: 'b.jpg', type: 'image/jpeg', content: jpeg })).json().data
      .profilePictureUrl;
    expect(second).not.toBe(first);
    expect(existsSync(uploaded(first))).toBe(false);
    expect(existsSync(uploaded(second))).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
  });

  it('refuses a text file named .png and declared image/png, by its bytes, with 400', async () => {
    const user = await createUser(ctx);
    const res = await upload(user.auth, {
      name: 'holiday.png',
      type: 'image/png',
      content: Buffer.from('this is not an image at all'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      data: null,
      message: ACCOUNT_ERR.pictureNotImage,
      error: ACCOUNT_ERR.pictureNotImage,
      code: 'PICTURE_NOT_IMAGE',
    });
  });

  it('refuses a PNG declared as text with 400: the declared type must match the bytes', async () => {
    const user = await createUser(ctx);
    const res = await upload(user.auth, {
      name: 'notes.txt',
      type: 'text/plain',
      content: await png(10, 10),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      "The file's contents do not match its type. Please choose the image again.",
    );
  });

  it('refuses a file over 5 MB with 400', async () => {
    const user = await createUser(ctx);
    const res = await upload(user.auth, {
      name: 'huge.png',
      type: 'image/png',
      content: Buffer.alloc(PROFILE_PICTURE_MAX_BYTES + 1, 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      data: null,
      message: ACCOUNT_ERR.pictureTooLarge,
      error: ACCOUNT_ERR.pictureTooLarge,
      code: 'PICTURE_TOO_LARGE',
    });
  });

  it('answers a request without a file with 400', async () => {
    const user = await createUser(ctx);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/profile/picture',
      headers: user.auth,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe(ACCOUNT_ERR.pictureMissing);
  });

  it('serves nothing outside the uploads folder (the data folder holds the JWT secret)', async () => {
    writeFileSync(join(ctx.config.dataDir, 'private.txt'), 'do-not-serve-this');
    for (const url of [
      '/uploads/../private.txt',
      '/uploads/..%2fprivate.txt',
      '/uploads/%2e%2e/private.txt',
      '/uploads/%2e%2e%2fprivate.txt',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('do-not-serve-this');
    }
    const listing = await ctx.app.inject({ method: 'GET', url: '/uploads/' });
    expect(listing.statusCode).toBe(404);
  });

  it('is 401 without a token', async () => {
    const body = multipart({ name: 'me.png', type: 'image/png', content: await png(20, 20) });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/profile/picture',
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(401);
  });

  it('removes the picture file when the account is deleted', async () => {
    const user = await createUser(ctx);
    const url = (
      await upload(user.auth, { name: 'me.png', type: 'image/png', content: await png(64, 64) })
    ).json().data.profilePictureUrl;
    expect(existsSync(uploaded(url))).toBe(true);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/users/profile', headers: user.auth })).statusCode,
    ).toBe(200);
    expect(existsSync(uploaded(url))).toBe(false);
  });
});
