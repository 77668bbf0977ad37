import type { Samples, Scenario } from './scenario-types.ts';

type Auth = (userId: string) => Record<string, string>;

/**
 * The booking scenarios: segments of rides with stops (book-segments), then whole rides (bookings). Every
 * (ride, passenger) pair is used once, so nearly every request is a real booking; one request in ten
 * goes to the hot ride, which only its first few askers get.
 */
export function bookingScenarios(s: Samples, auth: Auth): Scenario[] {
  const pairs: { rideId: string; passengerId: string }[] = [];
  let p = 0;
  for (const ride of s.bookingTargets) {
    for (let seat = 0; seat < Math.min(ride.seats, 2); seat += 1) {
      let passenger = s.passengers[p++ % s.passengers.length]!;
      if (passenger === ride.driverId) passenger = s.passengers[p++ % s.passengers.length]!;
      pairs.push({ rideId: ride.id, passengerId: passenger });
    }
  }
  pairs.sort(() => Math.random() - 0.5);
  let nextPair = 0;
  let nextHot = 0;
  let nextSegment = 0;
  // From the far end of the passengers, so segment bookings and whole-ride bookings rarely share one.
  let nextSegmentPassenger = Math.floor(s.passengers.length / 2);
  const hotPassengers = s.passengers.filter((id) => id !== s.hotRide.driverId);

  return [
    {
      name: 'book-segments',
      what: 'POST /api/rides/:id/book with fromStop/toStop on rides with stops, distinct passengers',
      next: () => {
        const t = s.segmentTargets[nextSegment++ % Math.max(1, s.segmentTargets.length)];
        if (!t) return { method: 'GET', path: '/api/health' };
        let passenger = s.passengers[nextSegmentPassenger++ % s.passengers.length]!;
        if (passenger === t.driverId) passenger = s.passengers[nextSegmentPassenger++ % s.passengers.length]!;
        return {
          method: 'POST',
          path: `/api/rides/${t.id}/book`,
          headers: auth(passenger),
          body: JSON.stringify({ seatsRequested: 1, fromStop: t.fromStop, toStop: t.toStop }),
        };
      },
    },
    {
      name: 'bookings',
      what: 'POST /api/rides/:id/book: distinct passengers on many rides, 1 in 10 on one hot ride',
      next: () => {
        if (Math.random() < 0.1) {
          const passenger = hotPassengers[nextHot++ % hotPassengers.length]!;
          return {
            method: 'POST',
            path: `/api/rides/${s.hotRide.id}/book`,
            headers: auth(passenger),
            body: '{"seatsRequested":1}',
          };
        }
        const pair = pairs[nextPair++ % pairs.length]!;
        return {
          method: 'POST',
          path: `/api/rides/${pair.rideId}/book`,
          headers: auth(pair.passengerId),
          body: '{"seatsRequested":1}',
        };
      },
    },
  ];
}
