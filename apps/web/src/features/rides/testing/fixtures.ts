import type { Ride } from '@saathchalo/shared';

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
    ...overrides,
  };
}
