import { lazy } from 'react';

// The dialogs (Radix Dialog, the report form) load when they are wanted, not with the screen offering them.
const loadReport = () => import('./report-dialog');
const loadProfile = () => import('./public-profile-dialog');

export const ReportDialog = lazy(() => loadReport().then((m) => ({ default: m.ReportDialog })));
export const PublicProfileDialog = lazy(() =>
  loadProfile().then((m) => ({ default: m.PublicProfileDialog })),
);
