import { expect } from 'vitest';
import { ERR } from '@saathchalo/shared';
import type { TestContext } from './test-app.js';

let seq = 0;

/** A registration body that passes validation; each call gets its own address. */
export function newAccount(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    firstName: 'Asha',
    lastName: 'Verma',
    email: `asha.${seq}.${Math.random().toString(36).slice(2, 8)}@example.in`,
    phone: '9876543210',
    password: 'chai-and-rides',
    location: 'Pune',
    ...overrides,
  };
}

interface RegisteredAccount {
  id: string;
  email: string;
  password: string;
  token: string;
  refreshToken: string;
  auth: { authorization: string };
}

/** Signs up through HTTP, as a person would. */
export async function register(
  ctx: TestContext,
  overrides: Record<string, unknown> = {},
): Promise<RegisteredAccount> {
  const body = newAccount(overrides);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data;
  return {
    id: data.user.id,
    email: data.user.email,
    password: body.password,
    token: data.token,
    refreshToken: data.refreshToken,
    auth: { authorization: `Bearer ${data.token}` },
  };
}

/** The mails addressed to someone, whatever their stage, oldest first. */
export async function queuedMailTo(ctx: TestContext, email: string) {
  return ctx.db
    .selectFrom('mails')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('created_at')
    .execute();
}

/** The token of the first `${appUrl}${path}?token=...` link in a mail text. */
export function tokenFromLink(text: string, path: '/verify-email' | '/reset-password'): string {
  const m = new RegExp(`http://app\\.test${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in mail`);
  return decodeURIComponent(m[1]!);
}

/** The envelope of a validation failure. */
export const validationFailed = (fields: Record<string, string>) => ({
  success: false,
  message: 'Validation failed',
  error: Object.values(fields)[0],
  data: fields,
  code: 'VALIDATION_FAILED',
});

/** The envelope of a refusal for too many requests (its wait is in the Retry-After header). */
export const tooManyRequests = {
  success: false,
  data: null,
  message: ERR.tooManyRequests,
  error: ERR.tooManyRequests,
  code: 'TOO_MANY_REQUESTS',
};
