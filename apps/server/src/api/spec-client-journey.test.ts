import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ORIGIN } from '../test/spec-client.js';
import { SECTION_7 } from '../test/spec-calls.js';
import {
  leave,
  profiles,
  recoverPassword,
  refreshAfterExpiry,
  signUp,
} from '../test/spec-journey-accounts.js';
import { bookAndAnswer, completeAndRate, manageRides, offerAndFind } from '../test/spec-journey-rides.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { CORS_ORIGINS: `https://other.example.in, ${CLIENT_ORIGIN}` } });
});
afterAll(() => ctx.close());

describe("the specification's client, served from another origin", () => {
  it('makes every call of its section 7, each answered in the envelope with its status, texts and CORS', async () => {
    const calls: string[] = [];
    const cast = await signUp(ctx, calls);
    const rides = await offerAndFind(cast);
    await bookAndAnswer(cast, rides);
    await manageRides(cast, rides);
    await profiles(cast);
    const otherEmail = cast.accounts.get(cast.other)!.email;
    const otherPassword = await recoverPassword(ctx, cast.other, otherEmail);

    // The next morning, after the ride has left: every access token has expired by now.
    ctx.clock.set('2026-11-23T04:30:00.000Z');
    for (const person of [cast.driver, cast.passenger, cast.other]) await refreshAfterExpiry(person);
    await completeAndRate(cast, rides);
    await leave(cast, { email: otherEmail, password: otherPassword });

    expect([...new Set(calls.filter((c) => SECTION_7.includes(c)))].sort()).toEqual([...SECTION_7].sort());
  });
});
