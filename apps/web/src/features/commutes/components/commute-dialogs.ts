import { lazy } from 'react';

// The dialogs and their form code load when they are wanted, not with the screen that offers them.
const loadEdit = () => import('./edit-commute-dialog');
const loadBookEvery = () => import('./book-every-ride-dialog');

export const EditCommuteDialog = lazy(() => loadEdit().then((m) => ({ default: m.EditCommuteDialog })));
export const BookEveryRideDialog = lazy(() =>
  loadBookEvery().then((m) => ({ default: m.BookEveryRideDialog })),
);

/** Each dialog's code: a screen opens the dialog once it is in (useDialogOpener). */
export const loadEditCommuteDialog = () => loadEdit();
export const loadBookEveryRideDialog = () => loadBookEvery();
