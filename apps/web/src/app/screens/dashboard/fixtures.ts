import type { Booking, Ride } from '@saathchalo/shared';
import { endsOf } from '@/features/rides/testing/fixtures';

/** CONTRACT section 3 shapes for component tests. The signed-in test user is u1 (Asha Verma). */
export function buildBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 'b1',
    rideId: 'r1',
    ride: {
      id: 'r1',
      from: 'Pune',
      to: 'Mumbai',
      departureDate: '2030-06-15',
      departureTime: '08:30',
      carModel: 'Maruti Swift',
      carNumber: 'MH 12 AB 1234',
      pricePerSeat: 450,
      totalSeats: 3,
      availableSeats: 1,
      additionalInfo: null,
      status: 'ACTIVE',
      stops: endsOf('Pune', 'Mumbai', '2030-06-15', '08:30', 1),
      distanceKm: null,
    },
    status: 'CONFIRMED',
    seatsBooked: 2,
    totalAmount: 900,
    paymentStatus: 'PENDING',
    pickupLocation: null,
    dropLocation: null,
    driver: { id: 'u1', name: 'Asha Verma', phone: '9876543210' },
    passenger: { id: 'p1', name: 'Kiran Rao', phone: '9123456780' },
    driverId: 'u1',
    passengerId: 'p1',
    passengerName: 'Kiran Rao',
    createdAt: '2026-11-20T10:00:00.000Z',
    fromStop: 0,
    toStop: 1,
    pickup: { place: 'Pune', date: '2030-06-15', time: '08:30' },
    drop: { place: 'Mumbai', date: '2030-06-15', time: '08:30' },
    ...overrides,
  };
}

export function buildRide(overrides: Partial<Ride> = {}): Ride {
  return {
    id: 'r1',
    from: 'Pune',
    to: 'Mumbai',
    route: { from: 'Pune', to: 'Mumbai' },
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
    driver: { id: 'u1', name: 'Asha Verma', phone: '9876543210', rating: 4.5 },
    passengers: [],
    stops: endsOf('Pune', 'Mumbai', '2030-06-15', '08:30', 3),
    distanceKm: null,
    ...overrides,
  };
}

/** A booking the signed-in user made as a passenger on someone else's ride. */
export function buildMyBooking(overrides: Partial<Booking> = {}): Booking {
  return buildBooking({
    id: 'mb1',
    rideId: 'r7',
    ride: { ...buildBooking().ride, id: 'r7', from: 'Nashik', to: 'Pune' },
    driver: { id: 'd7', name: 'Ravi Kumar', phone: '9812345678' },
    driverId: 'd7',
    passenger: { id: 'u1', name: 'Asha Verma', phone: '9876543210' },
    passengerId: 'u1',
    passengerName: 'Asha Verma',
    ...overrides,
  });
}
