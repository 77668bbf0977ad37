// The commutes feature's public entry: its routes and its materialisation job (decision 024).
export { bookingCalendarRoutes, commutesRoutes } from './commutes.routes.js';
export { commuteJobHandlers } from './materialise.js';
