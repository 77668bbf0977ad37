export { useBookRide } from './api/book-ride';
export { useMyBookings } from './api/get-my-bookings';
export { useRideRequests } from './api/get-ride-requests';
export {
  BookingDetailsDialog,
  BookRideDialog,
  loadBookingDialogs,
  loadBookRideDialog,
} from './components/booking-dialogs';
export { PickupDrop } from './components/pickup-drop';
export { MyBookingsPanel } from './components/my-bookings-panel';
export { RideRequestsPanel } from './components/ride-requests-panel';
export { useBookingActions } from './hooks/use-booking-actions';
export { passengerName } from './utils/passenger-name';
