import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { book, call, dateSequence, offerRide } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const nextDate = dateSequence();
const DRIVER_PHONE = '9811100001';
const PASSENGER_PHONE = '9811100002';

/** Sets contactVisibility through the profile screen's own call. */
async function shareOnlyWhenConfirmed(u: TestUser, phone: string) {
  const res = await call(ctx, 'PUT', '/api/users/profile', u, {
    firstName: 'Private',
    lastName: 'Person',
    phone,
    contactVisibility: 'CONFIRMED',
  });
  expect(res.body.data.contactVisibility).toBe('CONFIRMED');
}

async function scene(instantBooking = false) {
  const driver = await createUser(ctx, { phone: DRIVER_PHONE });
  const passenger = await createUser(ctx, { phone: PASSENGER_PHONE });
  const stranger = await createUser(ctx);
  await shareOnlyWhenConfirmed(driver, DRIVER_PHONE);
  await shareOnlyWhenConfirmed(passenger, PASSENGER_PHONE);
  const date = nextDate();
  const ride = await offerRide(ctx, driver, {
    from: 'Madurai',
    to: 'Rameswaram',
    departureDate: date,
    instantBooking,
  });
  const q = `from=Madurai&to=Rameswaram&date=${date}`;
  return { driver, passenger, stranger, ride, q };
}

/** Every phone a viewer is shown of the driver, shape by shape. */
async function driverPhonesSeenBy(viewer: TestUser, s: Awaited<ReturnType<typeof scene>>) {
  const search = await call(ctx, 'GET', `/api/rides/search?${s.q}`, viewer);
  const filter = await call(ctx, 'GET', `/api/rides/filter?${s.q}`, viewer);
  const byId = await call(ctx, 'GET', `/api/rides/${s.ride.id}`, viewer);
  const profile = await call(ctx, 'GET', `/api/users/${s.driver.id}`, viewer);
  return {
    search: search.body.data[0].driver.phone,
    filter: filter.body.data[0].driver.phone,
    rideById: byId.body.data.driver.phone,
    publicProfile: profile.body.data.phone,
  };
}

const none = { search: null, filter: null, rideById: null, publicProfile: null };
const shown = {
  search: DRIVER_PHONE,
  filter: DRIVER_PHONE,
  rideById: DRIVER_PHONE,
  publicProfile: DRIVER_PHONE,
};

describe('contact on your terms: contactVisibility CONFIRMED', () => {
  it('withholds the phone from strangers and pending passengers in every shape, and shows it once confirmed', async () => {
    const s = await scene();
    expect(await driverPhonesSeenBy(s.stranger, s)).toEqual(none);

    const pending = await call(ctx, 'POST', `/api/rides/${s.ride.id}/book`, s.passenger, {
      seatsRequested: 1,
    });
    expect(pending.body.data.status).toBe('PENDING');
    expect(pending.body.data.driver.phone).toBeNull();
    expect(pending.body.data.passenger.phone).toBe(PASSENGER_PHONE);
    expect(await driverPhonesSeenBy(s.passenger, s)).toEqual(none);
    const mine = (await call(ctx, 'GET', '/api/bookings/my-bookings', s.passenger)).body.data[0];
    expect([mine.driver.phone, mine.passenger.phone]).toEqual([null, PASSENGER_PHONE]);
    const theirs = (await call(ctx, 'GET', '/api/bookings/my-ride-bookings', s.driver)).body.data[0];
    expect([theirs.driver.phone, theirs.passenger.phone]).toEqual([DRIVER_PHONE, null]);

    const confirmed = await call(ctx, 'PUT', `/api/bookings/${pending.body.data.id}/confirm`, s.driver);
    expect([confirmed.body.data.driver.phone, confirmed.body.data.passenger.phone]).toEqual([
      DRIVER_PHONE,
      PASSENGER_PHONE,
    ]);
    expect(await driverPhonesSeenBy(s.passenger, s)).toEqual(shown);
    // The kept search page still withholds it from everyone else.
    expect(await driverPhonesSeenBy(s.stranger, s)).toEqual(none);
    const mineNow = (await call(ctx, 'GET', '/api/bookings/my-bookings', s.passenger)).body.data[0];
    expect(mineNow.driver.phone).toBe(DRIVER_PHONE);
    const theirsNow = (await call(ctx, 'GET', '/api/bookings/my-ride-bookings', s.driver)).body.data[0];
    expect(theirsNow.passenger.phone).toBe(PASSENGER_PHONE);
    const myRides = (await call(ctx, 'GET', '/api/rides/my-rides', s.driver)).body.data;
    expect(myRides[0].passengers.map((b: { passenger: { phone: string } }) => b.passenger.phone)).toEqual([
      PASSENGER_PHONE,
    ]);
    const passengerProfile = await call(ctx, 'GET', `/api/users/${s.passenger.id}`, s.driver);
    expect(passengerProfile.body.data.phone).toBe(PASSENGER_PHONE);

    const cancelled = await call(ctx, 'PUT', `/api/bookings/${pending.body.data.id}/cancel`, s.passenger);
    expect([cancelled.body.data.driver.phone, cancelled.body.data.passenger.phone]).toEqual([
      null,
      PASSENGER_PHONE,
    ]);
    expect(await driverPhonesSeenBy(s.passenger, s)).toEqual(none);
  });

  it('shows the phone in the reply to an instant booking, which is confirmed at once', async () => {
    const s = await scene(true);
    const booking = await book(ctx, s.passenger, s.ride.id);
    expect(booking.status).toBe('CONFIRMED');
    expect(booking.driver.phone).toBe(DRIVER_PHONE);
    expect(await driverPhonesSeenBy(s.passenger, s)).toEqual(shown);
    expect(await driverPhonesSeenBy(s.stranger, s)).toEqual(none);
  });

  it('always shows a driver their own phone, in search results too', async () => {
    const s = await scene();
    expect(await driverPhonesSeenBy(s.driver, s)).toEqual(shown);
    expect((await call(ctx, 'GET', '/api/users/profile', s.driver)).body.data.phone).toBe(DRIVER_PHONE);
  });
});

describe('contactVisibility EVERYONE (the default)', () => {
  it('keeps showing the driver phone where sections 1-6 showed it, and never on a profile to a stranger', async () => {
    const driver = await createUser(ctx, { phone: '9811100003' });
    const stranger = await createUser(ctx);
    const date = nextDate();
    const ride = await offerRide(ctx, driver, { from: 'Madurai', to: 'Rameswaram', departureDate: date });
    const search = await call(
      ctx,
      'GET',
      `/api/rides/search?from=Madurai&to=Rameswaram&date=${date}`,
      stranger,
    );
    expect(search.body.data[0].driver.phone).toBe('9811100003');
    expect((await call(ctx, 'GET', `/api/rides/${ride.id}`, stranger)).body.data.driver.phone).toBe(
      '9811100003',
    );
    expect((await call(ctx, 'GET', `/api/users/${driver.id}`, stranger)).body.data.phone).toBeNull();
    expect((await call(ctx, 'GET', `/api/users/${driver.id}`, driver)).body.data.phone).toBe('9811100003');
  });

  it('refuses an unknown contactVisibility or gender with the field texts', async () => {
    const u = await createUser(ctx);
    const res = await call(ctx, 'PUT', '/api/users/profile', u, {
      firstName: 'A',
      phone: '9811100004',
      contactVisibility: 'FRIENDS',
      gender: 'f',
    });
    expect(res).toMatchObject({
      status: 400,
      body: {
        data: {
          contactVisibility: 'Contact visibility must be EVERYONE or CONFIRMED',
          gender: 'Gender must be FEMALE, MALE or OTHER',
        },
      },
    });
  });

  it('keeps gender private: in the own profile only, and kept when a profile edit leaves it out', async () => {
    const u = await createUser(ctx);
    const other = await createUser(ctx);
    const set = await call(ctx, 'PUT', '/api/users/profile', u, {
      firstName: 'A',
      phone: '9811100005',
      gender: 'FEMALE',
    });
    expect(set.body.data.gender).toBe('FEMALE');
    const kept = await call(ctx, 'PUT', '/api/users/profile', u, { firstName: 'B', phone: '9811100005' });
    expect(kept.body.data).toMatchObject({ gender: 'FEMALE', contactVisibility: 'EVERYONE' });
    const publicView = await call(ctx, 'GET', `/api/users/${u.id}`, other);
    expect(publicView.body.data).not.toHaveProperty('gender');
    const cleared = await call(ctx, 'PUT', '/api/users/profile', u, {
      firstName: 'B',
      phone: '9811100005',
      gender: null,
    });
    expect(cleared.body.data.gender).toBeNull();
  });
});
