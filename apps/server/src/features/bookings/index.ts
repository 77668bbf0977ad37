// The bookings feature's public entry: writing a booking (demo data, standing bookings) and its jobs.
export { insertBooking } from './bookings.repo.js';
export { placeBooking } from './bookings.service.js';
export { presentBooking } from '../marketplace/booking-presenter.js';
export { bookingJobHandlers, expiryJob, reminderJob } from './booking-jobs.js';
