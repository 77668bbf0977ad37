import { allowedStatusChanges, istToUtcMs, type Ride, type RideStatus } from '@saathchalo/shared';

/** Has the ride's departure (IST wall-clock) passed? */
export const hasDeparted = (ride: Pick<Ride, 'departureDate' | 'departureTime'>, nowMs = Date.now()) =>
  istToUtcMs(ride.departureDate, ride.departureTime) <= nowMs;

/**
 * The status changes the owner is offered: the server's own rule (packages/shared ride-status.ts), so the
 * menu never offers what the server refuses, such as completing a ride before its departure.
 */
export const nextStatuses = (
  ride: Pick<Ride, 'status' | 'departureDate' | 'departureTime'>,
  nowMs = Date.now(),
): RideStatus[] => allowedStatusChanges(ride.status, hasDeparted(ride, nowMs));

export const statusActionLabel: Record<RideStatus, string> = {
  COMPLETED: 'Mark as Completed',
  CANCELLED: 'Cancel Ride',
  ACTIVE: 'Reactivate Ride',
};

export const statusConfirmText: Record<
  RideStatus,
  { title: string; description: string; confirmLabel: string; cancelLabel?: string; destructive?: boolean }
> = {
  COMPLETED: {
    title: 'Mark ride as completed?',
    description:
      'Are you sure you want to mark this ride as completed? Confirmed bookings will be completed too.',
    confirmLabel: 'Mark as Completed',
  },
  CANCELLED: {
    title: 'Cancel this ride?',
    description: 'Are you sure you want to cancel this ride? Its bookings will be cancelled too.',
    confirmLabel: 'Cancel Ride',
    cancelLabel: 'Keep Ride',
    destructive: true,
  },
  ACTIVE: {
    title: 'Reactivate this ride?',
    description: 'Are you sure you want to make this ride active again?',
    confirmLabel: 'Reactivate Ride',
  },
};
