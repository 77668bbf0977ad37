import type { Ride, RideStop } from '@saathchalo/shared';

/** A ride's two ends as its `stops` (CONTRACT section 7): no stops between, no coordinates. */
export function endsOf(from: string, to: string, date: string, time: string, seats: number): RideStop[] {
  const point = { date, time, lat: null, lng: null };
  return [
    { ...point, index: 0, place: from, estimated: false, seatsToNext: seats },
    { ...point, index: 1, place: to, estimated: true, seatsToNext: null },
  ];
}

/** A ride in the CONTRACT section 3 shape, for component tests. */
export function buildRide(overrides: Partial<Ride> = {}): Ride {
  return {
    id: 'r1',
    from: 'Pune',
    to: 'Mumbai',
    route: { from: overrides.from ?? 'Pune', to: overrides.to ?? 'Mumbai' },
    departureDate: '2030-06-15',
    departureTime: '08:30',
    totalSeats: 3,
    availableSeats: 3,
    bookedSeats: 0,
    pricePerSeat: 450,
    carModel: 'Maruti Swift',
    carNumber: 'MH 12 AB 1234',
    additionalInfo: null,
    instantBooking: false,
    status: 'ACTIVE',
    womenOnly: false,
    driver: {
      id: 'd1',
      name: 'Ravi Kumar',
      phone: '9812345678',
      rating: 4.6,
      emailVerified: true,
      phoneVerified: false,
      stats: { ridesCompleted: 0, driverCancellations: 0, cancellationRate: 0 },
    },
    passengers: [],
    stops: endsOf(overrides.from ?? 'Pune', overrides.to ?? 'Mumbai', '2030-06-15', '08:30', 3),
    distanceKm: null,
    ...overrides,
  };
}

/** Bengaluru 08:00 → Mandya 09:10 → Mysuru 10:00, as CONTRACT section 7 lists a ride's points. */
export const bengaluruMysuruStops = [
  {
    index: 0,
    place: 'Bengaluru',
    time: '08:00',
    date: '2030-06-15',
    lat: 12.9716,
    lng: 77.5946,
    estimated: false,
    seatsToNext: 3,
  },
  {
    index: 1,
    place: 'Mandya',
    time: '09:10',
    date: '2030-06-15',
    lat: 12.5218,
    lng: 76.8951,
    estimated: true,
    seatsToNext: 2,
  },
  {
    index: 2,
    place: 'Mysuru',
    time: '10:00',
    date: '2030-06-15',
    lat: 12.2958,
    lng: 76.6394,
    estimated: false,
    seatsToNext: null,
  },
];

/** A search result boarding at Mandya (1.2 km from "Mandya Town") and leaving at Mysuru. */
export function buildSegmentRide(overrides: Partial<Ride> = {}): Ride {
  return Object.assign(
    buildRide({
      from: 'Bengaluru',
      to: 'Mysuru',
      departureTime: '08:00',
      pricePerSeat: 150,
      availableSeats: 2,
      ...overrides,
    }),
    {
      stops: bengaluruMysuruStops,
      distanceKm: 128,
      segment: {
        fromStop: 1,
        toStop: 2,
        from: { place: 'Mandya', date: '2030-06-15', time: '09:10', distanceKm: 1.234 },
        to: { place: 'Mysuru', date: '2030-06-15', time: '10:00', distanceKm: 0 },
        pricePerSeat: 150,
        availableSeats: 2,
      },
    },
  );
}
