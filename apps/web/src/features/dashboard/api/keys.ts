/** Query keys of the dashboard: the driver's rides, the passenger's bookings, the driver's ride requests. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  myRides: ['dashboard', 'my-rides'] as const,
  myBookings: ['dashboard', 'my-bookings'] as const,
  rideRequests: ['dashboard', 'ride-requests'] as const,
  myRating: ['dashboard', 'my-rating'] as const,
};
