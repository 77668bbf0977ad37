import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { docsCsp } from '../../plugins/docs.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const MARKETPLACE_CALLS = [
  ['post', '/api/rides/offer'],
  ['get', '/api/rides/search'],
  ['get', '/api/rides/filter'],
  ['get', '/api/rides/my-rides'],
  ['get', '/api/rides/{id}'],
  ['put', '/api/rides/{id}/update'],
  ['delete', '/api/rides/{id}'],
  ['delete', '/api/rides/{id}/cancel'],
  ['put', '/api/rides/{id}/status'],
  ['get', '/api/rides/locations/from'],
  ['get', '/api/rides/locations/to'],
  ['post', '/api/rides/{id}/book'],
  ['get', '/api/bookings/my-bookings'],
  ['get', '/api/bookings/my-ride-bookings'],
  ['put', '/api/bookings/{id}/cancel'],
  ['put', '/api/bookings/{id}/confirm'],
  ['post', '/api/ratings'],
  ['get', '/api/ratings/user/{id}'],
  ['get', '/api/ratings/user/{id}/recent'],
  ['post', '/api/ratings/user/{id}/update-stats'],
  ['get', '/api/health'],
  ['get', '/api/places'],
] as const;

describe('GET /api/docs', () => {
  it('serves an OpenAPI document generated from the route schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('SaathChalo API');
    for (const [method, path] of MARKETPLACE_CALLS) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const offer = doc.paths['/api/rides/offer'].post;
    expect(offer.tags).toEqual(['rides']);
    expect(offer.security).toEqual([{ bearerAuth: [] }]);
    expect(offer.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['from', 'to', 'departureDate', 'departureTime', 'pricePerSeat', 'carModel', 'carNumber']),
    );
    const search = doc.paths['/api/rides/search'].get;
    expect(search.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['from', 'to', 'date', 'passengers', 'page', 'limit']),
    );
    // Section 7: stops on offers, segments on bookings.
    expect(Object.keys(offer.requestBody.content['application/json'].schema.properties)).toContain('stops');
    const bookBody = doc.paths['/api/rides/{id}/book'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(bookBody.anyOf[0].properties)).toEqual(
      expect.arrayContaining(['fromStop', 'toStop', 'pickupPlace', 'dropPlace']),
    );
    expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  });

  it('documents every API route that has tags, and no static files', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of Object.keys(doc.paths)) expect(path.startsWith('/api/')).toBe(true);
  });

  it('serves the Swagger UI page and its assets under a CSP that allows only same-origin scripts', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui-bundle.js');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toMatch(/img-src [^;]*data:/);
    expect(csp).toContain("object-src 'none'");
    const bundle = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    const init = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('validatorUrl');
  });

  it('leaves the CSP of the API and app pages untouched', async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    const api = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toContain("script-src 'self'");
    expect(docs.headers['content-security-policy']).toBe(docsCsp(String(api.headers['content-security-policy'])));
  });
});

describe('docsCsp', () => {
  it('adds what Swagger UI needs without dropping any directive', () => {
    expect(docsCsp("default-src 'self';script-src 'self';img-src 'self';frame-ancestors 'none'")).toBe(
      "default-src 'self';script-src 'self';img-src 'self' data:;frame-ancestors 'none';style-src 'self' 'unsafe-inline'",
    );
  });
});
