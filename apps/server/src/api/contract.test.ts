import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type ApiCall } from '@saathchalo/shared';
import { expectReply, urlOf } from '../test/contract-reply.js';
import { createUser } from '../test/factories.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const calls = Object.entries(contract) as [string, ApiCall][];
const SOME_ID = '00000000-0000-4000-8000-000000000000';

describe('the API contract (packages/shared/src/contract)', () => {
  it('has a route for every call, at its method and path', () => {
    for (const [name, call] of calls) {
      const url = `/api${call.path.replace(/\{(\w+)\}/g, ':$1')}`;
      expect(ctx.app.hasRoute({ method: call.method, url }), `${name}: ${call.method} ${url}`).toBe(true);
    }
  });

  it('answers 401 without a token exactly for the calls it marks signed-in', async () => {
    for (const [name, call] of calls.filter(([, c]) => c.auth)) {
      const res = await ctx.app.inject({ method: call.method, url: urlOf(call, { id: SOME_ID }) });
      expect({ name, status: res.statusCode, code: res.json().code }).toEqual({
        name,
        status: 401,
        code: 'UNAUTHENTICATED',
      });
    }
    // A forged token is refused by the session check (TOKEN_INVALID) only where the contract asks for one:
    // the open calls answer with their own words (logout and refresh read the bearer as a refresh token).
    const forged = { authorization: 'Bearer not-a-token' };
    for (const [name, call] of calls) {
      const res = await ctx.app.inject({
        method: call.method,
        url: urlOf(call, { id: SOME_ID }),
        headers: forged,
        payload: call.body ? {} : undefined,
      });
      expect({ name, forgedTokenRefused: res.json().code === 'TOKEN_INVALID' }).toEqual({
        name,
        forgedTokenRefused: call.auth,
      });
    }
    expectReply(await ctx.app.inject({ method: 'GET', url: urlOf(contract.health) }), contract.health);
  });
});

describe('expectReply', () => {
  it('reads a reply through its response schema', async () => {
    const user = await createUser(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: urlOf(contract.getProfile), headers: user.auth });
    expect(expectReply(res, contract.getProfile).id).toBe(user.id);
  });

  it('fails a reply that drifted from its schema: a field missing, retyped, renamed or added', async () => {
    const user = await createUser(ctx);
    const good = (
      await ctx.app.inject({ method: 'GET', url: urlOf(contract.getProfile), headers: user.auth })
    ).json();
    const drifted = (change: (data: Record<string, unknown>) => void) => {
      const body = structuredClone(good);
      change(body.data);
      return { status: 200, body };
    };
    expect(() => expectReply({ status: 200, body: good }, contract.getProfile)).not.toThrow();
    expect(() =>
      expectReply(
        drifted((d) => delete d.email),
        contract.getProfile,
      ),
    ).toThrow(/outside its contract/);
    expect(() =>
      expectReply(
        drifted((d) => (d.rating = '4.5')),
        contract.getProfile,
      ),
    ).toThrow(/outside its contract/);
    expect(() =>
      expectReply(
        drifted((d) => (d.mobile = d.phone)),
        contract.getProfile,
      ),
    ).toThrow(/outside its response schema/);
    expect(() => expectReply({ status: 201, body: good }, contract.getProfile)).toThrow();
    expect(() =>
      expectReply({ status: 200, body: { ...good, message: 'Done' } }, contract.getProfile),
    ).toThrow();
  });
});
