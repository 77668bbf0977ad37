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
    driver: { id: 'd1', name: 'Ravi Kumar', phone: '9812345678', rating: 4.6 },
    passengers: [],
    stops: endsOf(overrides.from ?? 'Pune', overrides.to ?? 'Mumbai', '2030-06-15', '08:30', 3),
    distanceKm: null,
    ...overrides,
  };
}
