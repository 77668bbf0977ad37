import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@saathchalo/shared';
import { newAccount, register } from '../../test/accounts.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const refused = (field: string, message: string) => ({
  success: false,
  message: 'Validation failed',
  error: message,
  data: { [field]: message },
  code: 'VALIDATION_FAILED',
});
/** PUT /users/profile also names the field (the specification: "optionally field"). */
const profileRefused = (field: string, message: string) => ({ ...refused(field, message), field });

async function saveProfile(auth: Record<string, string>, body: Record<string, unknown>) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/users/profile',
    headers: auth,
    payload: {
      firstName: 'Asha',
      lastName: 'Verma',
      phone: '9876543210',
      location: 'Pune',
      bio: null,
      ...body,
    },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('a refused profile names the field it is about', () => {
  it("as `field`, which the specification's client shows the error under (phone inline)", async () => {
    const acc = await register(ctx);
    const res = await saveProfile(acc.auth, { phone: '12345' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(profileRefused('phone', MSG.phoneInvalid));
    expect(res.body.field).toBe('phone');
  });
});

describe('a phone number typed as people write it', () => {
  it('is kept as its 10 digits at sign-up', async () => {
    for (const phone of ['+91 98765 43210', '+919876543210', '098765 43210', '98765-43210']) {
      const acc = await register(ctx, { phone });
      const me = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: acc.auth });
      expect(me.json().data.phone, phone).toBe('9876543210');
    }
  });

  it('is kept as its 10 digits when the profile is saved', async () => {
    const acc = await register(ctx);
    const res = await saveProfile(acc.auth, { phone: '+91 91234 56780' });
    expect(res.status).toBe(200);
    expect(res.body.data.phone).toBe('9123456780');
  });

  it('is still refused with the specification text when it is not an Indian mobile', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newAccount({ phone: '+1 555 123 4567' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('phone', MSG.phoneInvalid));
    const acc = await register(ctx);
    expect((await saveProfile(acc.auth, { phone: '05876543210' })).body).toEqual(
      profileRefused('phone', MSG.phoneInvalid),
    );
  });
});

describe('profile texts', () => {
  it('refuse a NUL byte, a right-to-left override or a zero-width joiner in a name, location or bio', async () => {
    const acc = await register(ctx);
    const cases: Array<[string, string]> = [
      ['firstName', 'As\u0000ha'],
      ['lastName', '\u202eamreV'],
      ['location', 'Pu\u200dne'],
      ['bio', 'Hello\u0000'],
    ];
    for (const [field, value] of cases) {
      const res = await saveProfile(acc.auth, { [field]: value });
      expect(res.status, field).toBe(400);
      expect(res.body, field).toEqual(profileRefused(field, MSG.textForbidden));
    }
  });

  it('refuse a control character in a name at sign-up', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newAccount({ firstName: 'Asha\u0007' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('firstName', MSG.textForbidden));
  });

  it('keep the lines of a bio, composed and trimmed', async () => {
    const acc = await register(ctx);
    const res = await saveProfile(acc.auth, {
      firstName: ' Jose\u0301 ',
      bio: '  Daily commuter.\r\n\tOffice at Whitefield.  ',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.firstName).toBe('José');
    expect(res.body.data.bio).toBe('Daily commuter.\n\tOffice at Whitefield.');
  });
});
