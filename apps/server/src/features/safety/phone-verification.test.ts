import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERR, MSG, type Ride } from '@saathchalo/shared';
import { createUser, openSession, type TestUser } from '../../test/factories.js';
import { call, offerRide, TOMORROW } from '../../test/marketplace.js';
import { startSmsGateway } from '../../test/sms-gateway.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
let phoneSeq = 0;
beforeAll(async () => {
  gateway = await startSmsGateway();
  ctx = await createTestApp({ env: { SMS_URL: gateway.url } });
});
afterAll(async () => {
  await ctx.close();
  await gateway.close();
});
afterEach(() => {
  gateway.failWith(null);
  ctx.clock.set(Date.parse(TEST_NOW));
});

/** A user with a number of their own, so the per-number limit of one test never meets another's. */
async function person(phone = `97${String(10_000_000 + ++phoneSeq * 7919).slice(-8)}`): Promise<TestUser> {
  return createUser(ctx, { phone });
}

const send = (u: TestUser) => call(ctx, 'POST', '/api/users/phone/verification', u);
const confirm = (u: TestUser, code: string) =>
  call(ctx, 'POST', '/api/users/phone/verification/confirm', u, { code });
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
const MINUTE = 60_000;

describe('phone verification by SMS', () => {
  it('sends a 6-digit code to the SMS gateway as POST JSON { to, text } with Basic auth from SMS_URL', async () => {
    const u = await person('9700000001');
    const res = await send(u);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Verification code sent',
      error: null,
      data: { expiresAt: '2026-11-22T04:40:00.000Z', resendAt: '2026-11-22T04:31:00.000Z' },
    });
    const sms = gateway.received.at(-1)!;
    expect(sms).toMatchObject({
      method: 'POST',
      path: '/v1/messages',
      contentType: 'application/json',
      authorization: `Basic ${Buffer.from('sms-user:s3cret!').toString('base64')}`,
    });
    expect(sms.body).toEqual({
      to: '+919700000001',
      text: expect.stringMatching(/^\d{6} is your SaathChalo/),
    });
    const code = gateway.lastCode('+919700000001');
    // Stored as a keyed hash only.
    const rows = await ctx.db.selectFrom('phone_codes').selectAll().where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('shows a driver verified in the very next search of their rides, a page kept before or not', async () => {
    const driver = await person();
    const searcher = await person();
    await offerRide(ctx, driver, { from: 'Surat', to: 'Vadodara' });
    const shown = async () => {
      const found = await call(
        ctx,
        'GET',
        `/api/rides/search?from=Surat&to=Vadodara&date=${TOMORROW}`,
        searcher,
      );
      return found.body.data.find((r: Ride) => r.driver.id === driver.id)?.driver.phoneVerified;
    };
    expect(await shown()).toBe(false);
    await send(driver);
    expect((await confirm(driver, gateway.lastCode(`+91${driver.phone}`))).status).toBe(200);
    expect(await shown()).toBe(true);
  });

  it('verifies the phone with the right code and answers the profile with phoneVerified', async () => {
    const u = await person();
    await send(u);
    const res = await confirm(u, gateway.lastCode(`+91${u.phone}`));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Phone number verified');
    expect(res.body.data).toMatchObject({ id: u.id, phoneVerified: true });
    expect((await call(ctx, 'GET', '/api/users/profile', u)).body.data.phoneVerified).toBe(true);
    // Used once: the same code again finds nothing.
    expect((await confirm(u, gateway.lastCode(`+91${u.phone}`))).body.error).toBe(ERR.phoneCodeExpired);
    expect((await send(u)).body).toMatchObject({ success: false, error: ERR.phoneAlreadyVerified });
  });

  it('makes a changed number unverified again, and a code sent to the old number does not verify the new', async () => {
    const u = await person();
    await send(u);
    await confirm(u, gateway.lastCode(`+91${u.phone}`));
    ctx.clock.advance(2 * MINUTE);
    await send(u).then((r) => expect(r.status).toBe(409));
    const profile = {
      firstName: 'Asha',
      lastName: 'Rao',
      location: 'Pune',
      bio: null,
    };
    const same = await call(ctx, 'PUT', '/api/users/profile', u, { ...profile, phone: `+91 ${u.phone}` });
    expect(same.body.data.phoneVerified).toBe(true);
    const changed = await call(ctx, 'PUT', '/api/users/profile', u, { ...profile, phone: '9700000999' });
    expect(changed.body.data).toMatchObject({ phone: '9700000999', phoneVerified: false });
  });

  it('refuses a code sent before the number changed', async () => {
    const u = await person();
    await send(u);
    const code = gateway.lastCode(`+91${u.phone}`);
    await call(ctx, 'PUT', '/api/users/profile', u, { firstName: 'A', lastName: 'B', phone: '9700000998' });
    const res = await confirm(u, code);
    expect(res).toMatchObject({ status: 400, body: { error: ERR.phoneCodeExpired } });
    expect((await call(ctx, 'GET', '/api/users/profile', u)).body.data.phoneVerified).toBe(false);
  });

  it('lets a code live 10 minutes', async () => {
    const u = await person();
    await send(u);
    const code = gateway.lastCode(`+91${u.phone}`);
    ctx.clock.advance(10 * MINUTE);
    expect(await confirm(u, code)).toMatchObject({
      status: 400,
      body: { success: false, error: ERR.phoneCodeExpired },
    });
    ctx.clock.advance(MINUTE);
    // Access tokens live 15 minutes: a new one for the second half.
    const again = { ...u, auth: { authorization: `Bearer ${await openSession(ctx, u.id)}` } };
    await send(again);
    ctx.clock.advance(10 * MINUTE - 1);
    expect((await confirm(again, gateway.lastCode(`+91${u.phone}`))).status).toBe(200);
  });

  it('locks a code after 5 wrong tries: even the right one is refused until a new code is sent', async () => {
    const u = await person();
    await send(u);
    const code = gateway.lastCode(`+91${u.phone}`);
    for (let i = 1; i <= 4; i += 1) {
      expect(await confirm(u, wrong(code))).toMatchObject({
        status: 400,
        body: { error: ERR.phoneCodeWrong },
      });
    }
    expect(await confirm(u, wrong(code))).toMatchObject({
      status: 429,
      body: { error: ERR.phoneCodeLocked },
    });
    expect(await confirm(u, code)).toMatchObject({ status: 429, body: { error: ERR.phoneCodeLocked } });
    ctx.clock.advance(MINUTE);
    await send(u);
    expect((await confirm(u, gateway.lastCode(`+91${u.phone}`))).status).toBe(200);
  });

  it('says in Retry-After when a locked code may be replaced by a new one', async () => {
    const u = await person();
    await send(u);
    const code = gateway.lastCode(`+91${u.phone}`);
    for (let i = 1; i <= 4; i += 1) await confirm(u, wrong(code));
    ctx.clock.advance(20_000);
    const locked = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/phone/verification/confirm',
      headers: u.auth,
      payload: { code: wrong(code) },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(ERR.phoneCodeLocked);
    expect(locked.headers['retry-after']).toBe('40');
    ctx.clock.advance(40_000);
    expect((await send(u)).status).toBe(200);
  });

  it('spends no more than 5 tries under concurrent guesses', async () => {
    const u = await person();
    await send(u);
    const code = gateway.lastCode(`+91${u.phone}`);
    const answers = await Promise.all(Array.from({ length: 12 }, () => confirm(u, wrong(code))));
    expect(answers.filter((a) => a.body.error === ERR.phoneCodeWrong)).toHaveLength(4);
    expect(answers.filter((a) => a.body.error === ERR.phoneCodeLocked)).toHaveLength(8);
    expect((await confirm(u, code)).status).toBe(429);
  });

  it('sends another code only after a minute, and at most 5 an hour to one account', async () => {
    const u = await person();
    expect((await send(u)).status).toBe(200);
    const soon = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/phone/verification',
      headers: u.auth,
    });
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['retry-after']).toBe('60');
    expect(soon.json().error).toBe(ERR.phoneCodeTooSoon);
    for (let i = 2; i <= 5; i += 1) {
      ctx.clock.advance(MINUTE);
      expect((await send(u)).status).toBe(200);
    }
    ctx.clock.advance(MINUTE);
    const sixth = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/phone/verification',
      headers: u.auth,
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe(ERR.phoneCodeTooMany);
    // The first of the five leaves the hour 55 minutes from now.
    expect(sixth.headers['retry-after']).toBe(String(55 * 60));
  });

  it('sends at most 5 codes an hour to one number, whichever account asks', async () => {
    const shared = '9700000555';
    for (let i = 0; i < 5; i += 1) expect((await send(await person(shared))).status).toBe(200);
    const res = await send(await person(shared));
    expect(res).toMatchObject({ status: 429, body: { error: ERR.phoneCodeTooMany } });
  });

  it('answers 502 with a clear text when the gateway refuses, and still counts the send', async () => {
    const u = await person();
    gateway.failWith(503);
    expect(await send(u)).toMatchObject({ status: 502, body: { success: false, error: ERR.smsFailed } });
    gateway.failWith(null);
    expect((await send(u)).status).toBe(429);
  });

  it('checks the code is 6 digits before anything else', async () => {
    const u = await person();
    const res = await confirm(u, '12ab');
    expect(res).toMatchObject({ status: 400, body: { error: MSG.phoneCodeInvalid } });
    expect(
      (await call(ctx, 'POST', '/api/users/phone/verification/confirm', null, { code: '123456' })).status,
    ).toBe(401);
  });
});

describe('without SMS_URL', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes the code to the server log, like mail without SMTP_URL', async () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stdout.write);
    const logged = await createTestApp({ logger: true, env: { LOG_LEVEL: 'info' } });
    try {
      const u = await createUser(logged, { phone: '9700000777' });
      const res = await call(logged, 'POST', '/api/users/phone/verification', u);
      expect(res.status).toBe(200);
      const line = written.find((l) => l.includes('sms (SMS_URL unset, not sent)'));
      expect(line).toContain('+919700000777');
      const code = /(\d{6}) is your SaathChalo verification code/.exec(line ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      vi.restoreAllMocks();
      const ok = await call(logged, 'POST', '/api/users/phone/verification/confirm', u, { code: code! });
      expect(ok.body.data.phoneVerified).toBe(true);
    } finally {
      vi.restoreAllMocks();
      await logged.close();
    }
  });
});
