// The bookings feature's public entry: writing a booking, for the demo data.
export { insertBooking } from './bookings.repo.js';
