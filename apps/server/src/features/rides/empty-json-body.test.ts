import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@saathchalo/shared';
import type { TestUser } from '../../test/factories.js';
import { offerRide, rideParties } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const people = () => rideParties(ctx);

describe('requests with a JSON content type and no body', () => {
  it('are accepted on calls that take no body, as the specification client sends them', async () => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver);
    const json = (user: TestUser) => ({ ...user.auth, 'content-type': 'application/json' });
    const booked = await ctx.app.inject({
      method: 'POST',
      url: `/api/rides/${ride.id}/book`,
      headers: json(passenger),
    });
    expect(booked.statusCode).toBe(201);
    const bookingId = booked.json().data.id as string;
    const confirm = await ctx.app.inject({
      method: 'PUT',
      url: `/api/bookings/${bookingId}/confirm`,
      headers: json(driver),
    });
    expect(confirm.statusCode).toBe(200);
    const status = await ctx.app.inject({
      method: 'PUT',
      url: `/api/rides/${ride.id}/status?status=CANCELLED`,
      headers: json(driver),
    });
    expect(status.statusCode).toBe(200);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/rides/${ride.id}`,
      headers: json(driver),
    });
    expect(del.statusCode).toBe(200);
  });

  it('still refuse malformed JSON, and a missing body gets the field messages', async () => {
    const { driver } = await people();
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/rides/offer',
      headers: { ...driver.auth, 'content-type': 'application/json' },
      payload: '{"from": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      message: 'Validation failed',
      error: 'Request body is not valid JSON',
      code: 'VALIDATION_FAILED',
    });
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/rides/offer',
      headers: { ...driver.auth, 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      success: false,
      message: 'Validation failed',
      error: MSG.fromRequired,
      code: 'VALIDATION_FAILED',
    });
    expect(empty.json().data).toMatchObject({ from: MSG.fromRequired, carNumber: MSG.carNumberRequired });
  });
});
