// The bookings feature's public entry: writing a booking (demo data, standing bookings), who may see
// one (its calendar event) and its jobs.
export { insertBooking } from './bookings.repo.js';
export { placeBooking } from './bookings.service.js';
export { bookingPolicy } from './bookings.policy.js';
export { presentBooking } from '../marketplace/booking-presenter.js';
export { bookingJobHandlers, expiryJob, reminderJob } from './booking-jobs.js';
export { expiredToPassengerMail, standingBookingsMail } from './commuter-mails.js';
