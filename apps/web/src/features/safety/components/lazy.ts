import { lazy } from 'react';

// The dialogs (Radix Dialog, the report form) load when they are wanted, not with the screen offering them.
const loadProfile = () => import('./public-profile-dialog');

export { ReportDialog } from './lazy-report';
export const PublicProfileDialog = lazy(() =>
  loadProfile().then((m) => ({ default: m.PublicProfileDialog })),
);

/** The public profile's code: a screen opens the dialog once it is in (useDialogOpener). */
export const loadPublicProfileDialog = () => loadProfile();
