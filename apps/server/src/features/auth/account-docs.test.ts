import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';

const ACCOUNT_CALLS = [
  ['post', '/api/auth/register', false],
  ['post', '/api/auth/login', false],
  ['post', '/api/auth/logout', false],
  ['post', '/api/auth/refresh-token', false],
  ['get', '/api/auth/verify-email', false],
  ['post', '/api/auth/forgot-password', false],
  ['post', '/api/auth/reset-password', false],
  ['get', '/api/users/profile', true],
  ['put', '/api/users/profile', true],
  ['delete', '/api/users/profile', true],
  ['post', '/api/users/profile/picture', true],
  ['get', '/api/users/{id}', true],
] as const;

describe('account calls in the OpenAPI document', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('documents every account call with its tag, and the bearer requirement where there is one', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [method, path, bearer] of ACCOUNT_CALLS) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.tags).toEqual([path.startsWith('/api/auth') ? 'auth' : 'users']);
      expect(op.summary).toEqual(expect.any(String));
      expect(op.security ?? null, `${method} ${path}`).toEqual(bearer ? [{ bearerAuth: [] }] : null);
    }
    const register = doc.paths['/api/auth/register'].post;
    expect(register.requestBody.content['application/json'].schema.required).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'password',
    ]);
    const reset = doc.paths['/api/auth/reset-password'].post;
    expect(reset.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['newPassword', 'token']);
  });
});
