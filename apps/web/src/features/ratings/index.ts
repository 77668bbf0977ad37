export { useMyRating } from './api/get-my-rating';
export { loadRatingDialog, RateExperienceDialog } from './components/rating-dialog';
export type { RateTarget } from './components/rate-experience-dialog';
