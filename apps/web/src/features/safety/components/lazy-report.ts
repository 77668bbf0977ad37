import { lazy } from 'react';

const loadReport = () => import('./report-dialog');

/** The report form loads when it is wanted, not with the screen offering it (apart from lazy.ts, which loads the dialogs that offer it). */
export const ReportDialog = lazy(() => loadReport().then((m) => ({ default: m.ReportDialog })));

/** The report form's code: Report opens the dialog once it is in (useDialogOpener). */
export const loadReportDialog = () => loadReport();
