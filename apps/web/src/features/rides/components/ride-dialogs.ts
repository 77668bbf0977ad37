import { lazy } from 'react';

// The dialogs (and the form code they bring) load after the dashboard shows, not before.
const loadRideDetails = () => import('./ride-details-dialog');
const loadEdit = () => import('./edit-ride-dialog');

export const RideDetailsDialog = lazy(() =>
  loadRideDetails().then((m) => ({ default: m.RideDetailsDialog })),
);
export const EditRideDialog = lazy(() => loadEdit().then((m) => ({ default: m.EditRideDialog })));

/** Fetches the ride dialogs' code ahead of the first click. */
export const loadRideDialogs = () => Promise.all([loadRideDetails(), loadEdit()]);
