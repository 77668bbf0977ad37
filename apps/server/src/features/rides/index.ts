// The rides feature's public entry: writing a ride, for the demo data.
export { changeRideStatus, insertRide } from './rides.repo.js';
export { planRideRoute, type PlannedRoute } from './ride-route.js';
