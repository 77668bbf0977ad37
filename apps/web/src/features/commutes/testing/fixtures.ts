import type { Booking, Commute, Ride } from '@saathchalo/shared';
import { buildRide, endsOf } from '@/test/ride-fixtures';

/** A commute's ride in the CONTRACT section 3 and 8 shape, for component tests: the rides fixture on a commute. */
export function buildCommuteRide(overrides: Partial<Ride> = {}): Ride {
  const from = overrides.from ?? 'Whitefield';
  const to = overrides.to ?? 'Koramangala';
  const date = overrides.departureDate ?? '2030-06-17';
  return buildRide({
    from,
    to,
    departureDate: date,
    pricePerSeat: 120,
    carNumber: 'KA 01 AB 1234',
    stops: endsOf(from, to, date, overrides.departureTime ?? '08:30', 3),
    commuteId: 'c1',
    direction: 'OUTBOUND',
    days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
    ...overrides,
  });
}

export function buildCommute(overrides: Partial<Commute> = {}): Commute {
  return {
    id: 'c1',
    from: 'Whitefield',
    to: 'Koramangala',
    stops: [],
    days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
    departureTime: '08:30',
    returnTime: '18:00',
    startDate: '2030-06-17',
    endDate: '2030-09-30',
    seats: 3,
    pricePerSeat: 120,
    carModel: 'Maruti Swift',
    carNumber: 'KA 01 AB 1234',
    additionalInfo: null,
    instantBooking: false,
    womenOnly: false,
    status: 'ACTIVE',
    driver: { id: 'u1', name: 'Asha Verma', phone: '9876543210', rating: 4.5 },
    upcoming: [
      buildCommuteRide({ id: 'r1', bookedSeats: 2, availableSeats: 1 }),
      buildCommuteRide({
        id: 'r2',
        from: 'Koramangala',
        to: 'Whitefield',
        departureTime: '18:00',
        direction: 'RETURN',
      }),
      buildCommuteRide({ id: 'r3', departureDate: '2030-06-18', status: 'CANCELLED' }),
    ],
    subscription: null,
    ...overrides,
  };
}

/** A passenger's booking on a commute's ride. */
export function buildCommuteBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 'b1',
    rideId: 'r1',
    ride: {
      id: 'r1',
      from: 'Whitefield',
      to: 'Koramangala',
      departureDate: '2030-06-17',
      departureTime: '08:30',
      carModel: 'Maruti Swift',
      carNumber: 'KA 01 AB 1234',
      pricePerSeat: 120,
      totalSeats: 3,
      availableSeats: 2,
      additionalInfo: null,
      status: 'ACTIVE',
      womenOnly: false,
      stops: endsOf('Whitefield', 'Koramangala', '2030-06-17', '08:30', 2),
      distanceKm: null,
      commuteId: 'c1',
      direction: 'OUTBOUND',
    },
    status: 'CONFIRMED',
    seatsBooked: 1,
    totalAmount: 120,
    paymentStatus: 'PENDING',
    pickupLocation: null,
    dropLocation: null,
    driver: { id: 'd1', name: 'Ravi Kumar', phone: '9812345678' },
    passenger: { id: 'u1', name: 'Asha Verma', phone: '9876543210' },
    driverId: 'd1',
    passengerId: 'u1',
    passengerName: 'Asha Verma',
    createdAt: '2026-11-20T10:00:00.000Z',
    fromStop: 0,
    toStop: 1,
    pickup: { place: 'Whitefield', date: '2030-06-17', time: '08:30' },
    drop: { place: 'Koramangala', date: '2030-06-17', time: '08:30' },
    cancelReason: null,
    ...overrides,
  };
}
