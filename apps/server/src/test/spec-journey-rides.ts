import { expect } from 'vitest';
import { ERR, MSG } from '@saathchalo/shared';
import { rideBody as rideForm, TOMORROW } from './marketplace.js';
import type { Cast } from './spec-journey-accounts.js';
import { need, type ClientUser } from './spec-journey.js';

const ids = (list: unknown) => (Array.isArray(list) ? list.map((x: { id: string }) => x.id) : list);

export interface Rides {
  /** Bengaluru to Mysuru tomorrow 09:00: booked, confirmed, completed and rated. */
  a: string;
  /** Pune to Mumbai: a passenger cancels, its status goes back and forth, the driver cancels it. */
  b: string;
  /** Delhi to Agra: deleted. */
  c: string;
}

/** The offer form: its messages for an empty form, then three rides; search, filter and autocomplete. */
export async function offerAndFind({ driver, passenger }: Cast): Promise<Rides> {
  const empty = await driver.call(
    'POST',
    '/rides/offer',
    { status: 400, message: ERR.validationFailed },
    { body: {} },
  );
  expect.soft(empty.body.data).toMatchObject({
    from: MSG.fromRequired,
    to: MSG.toRequired,
    departureDate: MSG.dateRequired,
    departureTime: MSG.timeRequired,
    pricePerSeat: MSG.priceInvalid,
    carModel: MSG.carModelRequired,
    carNumber: MSG.carNumberRequired,
  });
  const offer = async (body: Record<string, unknown>) => {
    const res = await driver.call(
      'POST',
      '/rides/offer',
      { status: 201, message: 'Ride offered successfully' },
      { body },
    );
    return need(res.body.data?.id as string | undefined, 'an offered ride');
  };
  const rides = {
    a: await offer(rideForm()),
    b: await offer(rideForm({ from: 'Pune', to: 'Mumbai', departureTime: '18:00' })),
    c: await offer(rideForm({ from: 'Delhi', to: 'Agra', departureTime: '07:00' })),
  };
  const search = `/rides/search?from=bangalore&to=mysuru&date=${TOMORROW}&passengers=2`;
  const found = await passenger.call('GET', search, { status: 200 });
  expect.soft(ids(found.body.data)).toEqual([rides.a]);
  // The client's own filter parameters: a date range and a page from 0 with its size.
  const filter = `/rides/filter?from=Bengaluru&to=Mysuru&startDate=${TOMORROW}&endDate=${TOMORROW}&page=0&size=10`;
  const filtered = await passenger.call('GET', filter, { status: 200 });
  expect.soft(ids(filtered.body.data)).toEqual([rides.a]);
  for (const side of ['from', 'to']) {
    const path = `/rides/locations/${side}`;
    const places = await passenger.call('GET', path, { status: 200 });
    expect.soft(places.body.data).toEqual(expect.arrayContaining([expect.any(String)]));
  }
  const seen = await passenger.call('GET', `/rides/${rides.a}`, { status: 200 });
  expect
    .soft(seen.body.data)
    .toMatchObject({ id: rides.a, route: { from: 'Bengaluru', to: 'Mysuru' }, passengers: [] });
  return rides;
}

async function book(person: ClientUser, rideId: string, seats: number): Promise<string> {
  const res = await person.call(
    'POST',
    `/rides/${rideId}/book`,
    { status: 201, message: 'Booking request sent to the driver' },
    { body: { seatsRequested: seats, pickupLocation: 'Silk Board', dropLocation: 'Mysuru Palace' } },
  );
  return need(res.body.data?.id as string | undefined, 'a booking');
}

/** Booking, and the driver answering: accept one, reject another (the cancel call); a passenger cancels. */
export async function bookAndAnswer({ driver, passenger, other }: Cast, rides: Rides): Promise<void> {
  const accepted = await book(passenger, rides.a, 2);
  const rejected = await book(other, rides.a, 1);
  const withdrawn = await book(passenger, rides.b, 1);
  const mine = await passenger.call('GET', '/bookings/my-bookings', {
    status: 200,
  });
  expect.soft(ids(mine.body.data)).toEqual(expect.arrayContaining([accepted, withdrawn]));
  const requests = await driver.call('GET', '/bookings/my-ride-bookings', {
    status: 200,
  });
  expect.soft(ids(requests.body.data)).toEqual(expect.arrayContaining([accepted, rejected, withdrawn]));
  const confirmed = await driver.call('PUT', `/bookings/${accepted}/confirm`, {
    status: 200,
    message: 'Booking confirmed successfully',
  });
  expect.soft(confirmed.body.data?.status).toBe('CONFIRMED');
  const cancelled = { status: 200, message: 'Booking cancelled successfully' };
  const refused = await driver.call('PUT', `/bookings/${rejected}/cancel`, cancelled);
  expect.soft(refused.body.data?.status).toBe('CANCELLED');
  await passenger.call('PUT', `/bookings/${withdrawn}/cancel`, cancelled);
  const myRides = await driver.call('GET', '/rides/my-rides', { status: 200 });
  const listed = Array.isArray(myRides.body.data)
    ? myRides.body.data.find((r: { id: string }) => r.id === rides.a)
    : undefined;
  expect.soft(ids(listed?.passengers)).toEqual([accepted]);
}

/** The driver's dashboard: edit, the refused and allowed status changes, ride cancel, delete. */
export async function manageRides({ driver, other }: Cast, rides: Rides): Promise<void> {
  const edited = await driver.call(
    'PUT',
    `/rides/${rides.a}/update`,
    { status: 200, message: 'Ride updated successfully' },
    { body: rideForm({ passengers: 4, pricePerSeat: 300, instantBooking: false }) },
  );
  expect.soft(edited.body.data).toMatchObject({ totalSeats: 4, availableSeats: 2, pricePerSeat: 300 });
  const status = (id: string, to: string) => `/rides/${id}/status?status=${to}`;
  const changed = { status: 200, message: 'Ride status updated successfully' };
  await driver.call('PUT', status(rides.a, 'COMPLETED'), { status: 409, error: ERR.futureComplete });
  await other.call('PUT', status(rides.b, 'CANCELLED'), {
    status: 403,
    error: ERR.notAuthorizedStatus,
  });
  await driver.call('PUT', status(rides.b, 'CANCELLED'), changed);
  await driver.call('PUT', status(rides.b, 'ACTIVE'), changed);
  const cancelled = await driver.call('DELETE', `/rides/${rides.b}/cancel`, {
    status: 200,
    message: 'Ride cancelled successfully',
  });
  expect.soft(cancelled.body.data?.status).toBe('CANCELLED');
  await driver.call('DELETE', `/rides/${rides.c}`, {
    status: 200,
    message: 'Ride deleted successfully',
  });
}

/** After the ride: complete it, rate both ways, read the ratings, the driver's own statistics. */
export async function completeAndRate({ driver, passenger }: Cast, rides: Rides): Promise<void> {
  const completed = await driver.call('PUT', `/rides/${rides.a}/status?status=COMPLETED`, {
    status: 200,
    message: 'Ride status updated successfully',
  });
  expect.soft(completed.body.data?.status).toBe('COMPLETED');
  const rated = { status: 201, message: 'Rating submitted successfully' };
  await passenger.call('POST', '/ratings', rated, {
    body: { rating: 5, comment: 'On time', rideId: rides.a, rateeId: driver.id },
  });
  await driver.call('POST', '/ratings', rated, {
    body: { rating: 4, comment: '', rideId: rides.a, rateeId: passenger.id },
  });
  const received = await passenger.call('GET', `/ratings/user/${driver.id}`, {
    status: 200,
  });
  expect
    .soft(received.body.data)
    .toMatchObject([{ rating: 5, comment: 'On time', rater: { id: passenger.id } }]);
  const recent = await passenger.call('GET', `/ratings/user/${driver.id}/recent?limit=5`, { status: 200 });
  expect.soft(ids(recent.body.data)).toEqual(ids(received.body.data));
  const stats = await driver.call('POST', `/ratings/user/${driver.id}/update-stats`, {
    status: 200,
    message: 'Rating statistics updated',
  });
  expect.soft(stats.body.data).toEqual({ userId: driver.id, rating: 5, ratingCount: 1 });
}
