import { lazy } from 'react';

// The rating form loads after the dashboard shows, not before.
const loadRate = () => import('./rate-experience-dialog');

export const RateExperienceDialog = lazy(() => loadRate().then((m) => ({ default: m.RateExperienceDialog })));

/** Fetches the rating dialog's code ahead of the first click. */
export const loadRatingDialog = () => loadRate();
