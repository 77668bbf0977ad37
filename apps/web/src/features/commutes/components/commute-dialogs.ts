import { lazy } from 'react';

// The dialogs and their form code load when they are wanted, not with the screen that offers them.
const loadEdit = () => import('./edit-commute-dialog');
const loadBookEvery = () => import('./book-every-ride-dialog');

export const EditCommuteDialog = lazy(() => loadEdit().then((m) => ({ default: m.EditCommuteDialog })));
export const BookEveryRideDialog = lazy(() =>
  loadBookEvery().then((m) => ({ default: m.BookEveryRideDialog })),
);
