/** Every call of the API (CONTRACT sections 1-6), one entry each; imported as `contract`. */
export * from './auth.js';
export * from './users.js';
export * from './rides.js';
export * from './bookings.js';
export * from './ratings.js';
export * from './health.js';
export * from './safety.js';
export * from './places.js';
export * from './commutes.js';
