// The commutes feature's public entry: its routes and its materialisation job (decision 024).
export { bookingCalendarRoutes, commutesRoutes } from './commutes.routes.js';
export { commuteJobHandlers } from './materialise.js';
// A block ends what the pair's standing bookings would book (safety, section 9), their commutes locked
// first as every commute use case locks them (commute before its rides, decision 005).
export { lockCommutes } from './commutes.repo.js';
export { endStandingBookingsBetween } from './subscriptions.repo.js';
