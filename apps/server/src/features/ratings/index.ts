// The ratings feature's public entry: writing a rating, for the demo data.
export { addToUserStats, insertRating } from './ratings.repo.js';
