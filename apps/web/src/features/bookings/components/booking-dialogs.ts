import { lazy } from 'react';

// The dialogs (Radix Dialog and its scroll lock, the booking form) load when they are wanted, not with the
// screen that offers them.
const loadBookingDetails = () => import('./booking-details-dialog');
const loadBookRide = () => import('./book-ride-dialog');

export const BookingDetailsDialog = lazy(() =>
  loadBookingDetails().then((m) => ({ default: m.BookingDetailsDialog })),
);
export const BookRideDialog = lazy(() => loadBookRide().then((m) => ({ default: m.BookRideDialog })));

/** Fetches the booking details dialog's code ahead of the first click. */
export const loadBookingDialogs = () => loadBookingDetails();

/** The Book Ride dialog's code: a screen opens the dialog once it is in (BookRideDialog renders at once). */
export const loadBookRideDialog = () => loadBookRide();
