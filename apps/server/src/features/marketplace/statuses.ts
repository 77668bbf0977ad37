/**
 * The booking statuses that hold seats on their ride: a PENDING request holds its seats as firmly as a
 * confirmed one (decision 005), and a completed trip keeps them. available = total - seats held by these.
 */
export const HOLDS_SEATS = ['PENDING', 'CONFIRMED', 'COMPLETED'] as const;

/** Bookings still open: the passenger may cancel, the driver reject, a ride's cascade cancel them. */
export const OPEN_STATUSES = ['PENDING', 'CONFIRMED'] as const;

/** Bookings whose passengers the ride's driver sees in the ride's passenger list (CONTRACT section 3). */
export const ON_BOARD = ['CONFIRMED', 'COMPLETED'] as const;
