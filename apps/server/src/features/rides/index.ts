// The rides feature's public entry: writing a ride (demo data), presenting one (commutes).
export { changeRideStatus, insertRide } from './rides.repo.js';
export { presentRide } from './ride-presenter.js';
export { presentRidesTo, presentRidesWithAudience } from './ride-views.js';
export { assertDistinctPlaces, locatedPoints, planRideRoute, type PlannedRoute } from './ride-route.js';
