import type { Booking } from '@saathchalo/shared';

export const passengerName = (b: Booking) => b.passenger?.name || b.passengerName || 'Passenger';
