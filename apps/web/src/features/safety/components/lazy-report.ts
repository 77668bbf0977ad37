import { lazy } from 'react';

/** The report form loads when it is wanted, not with the screen offering it (apart from lazy.ts, which loads the dialogs that offer it). */
export const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));
