import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';

describe('GET /api/config', () => {
  let ctx: TestContext | undefined;
  afterEach(() => ctx?.close());

  it('says there are no map tiles when MAP_TILES_URL is not set', async () => {
    ctx = await createTestApp();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { mapTilesUrl: null, mapAttribution: null },
      message: 'OK',
      error: null,
    });
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob:;");
  });

  it('gives the tile address and its attribution, and lets the page load images from the tile server', async () => {
    ctx = await createTestApp({
      env: {
        MAP_TILES_URL: 'https://{s}.tiles.example.in/{z}/{x}/{y}.png',
        MAP_TILES_ATTRIBUTION: '© Example maps',
      },
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().data).toEqual({
      mapTilesUrl: 'https://{s}.tiles.example.in/{z}/{x}/{y}.png',
      mapAttribution: '© Example maps',
    });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://*.tiles.example.in;",
    );
  });

  it('refuses to start with a tile address without {z}, {x} and {y}', async () => {
    await expect(
      createTestApp({ env: { MAP_TILES_URL: 'https://tiles.example.in/tile.png' } }),
    ).rejects.toThrow('MAP_TILES_URL: must be an http(s) URL with {z}, {x} and {y}');
  });
});
