import { useConfirm } from '@/components/ui/confirm';
import { notify } from '@/lib/notify';
import type { Booking, Ride, RideStatus } from '@saathchalo/shared';
import { useCancelBooking, useRejectBooking } from '../api/cancel-booking';
import { useConfirmBooking } from '../api/confirm-booking';
import { useDeleteRide } from '../api/delete-ride';
import { useUpdateRideStatus } from '../api/update-ride-status';
import { refusalOr, statusErrorMessage } from '../utils/errors';
import { statusConfirmText } from '../utils/status-rules';

/**
 * The dashboard's actions, each behind a confirmation prompt (specification section 4), with the
 * success text of the server and the error texts of specification section 8.
 */
export function useDashboardActions(report: (message: string) => void, clearReport: () => void = () => {}) {
  const confirm = useConfirm();
  const del = useDeleteRide();
  const status = useUpdateRideStatus();
  const cancel = useCancelBooking();
  const accept = useConfirmBooking();
  const reject = useRejectBooking();

  async function run<A>(
    mutate: (arg: A) => Promise<{ message: string }>,
    arg: A,
    success: string,
    failure: (err: unknown) => string,
  ): Promise<void> {
    try {
      const res = await mutate(arg);
      clearReport();
      notify.success(res.message || success);
    } catch (err) {
      report(failure(err));
    }
  }

  return {
    async deleteRide(ride: Ride) {
      const ok = await confirm({
        title: 'Delete this ride?',
        description: `Are you sure you want to delete your ride from ${ride.from} to ${ride.to}? This action cannot be undone.`,
        confirmLabel: 'Delete Ride',
        destructive: true,
      });
      if (ok)
        await run(del.mutateAsync, ride.id, 'Ride deleted successfully', (e) =>
          refusalOr(e, 'Failed to delete ride'),
        );
    },
    async changeStatus(ride: Ride, next: RideStatus) {
      if (!(await confirm(statusConfirmText[next]))) return;
      await run(
        status.mutateAsync,
        { id: ride.id, status: next },
        'Ride status updated successfully',
        statusErrorMessage,
      );
    },
    async cancelBooking(booking: Booking) {
      const ok = await confirm({
        title: 'Cancel this booking?',
        description: 'Are you sure you want to cancel this booking?',
        confirmLabel: 'Cancel Booking',
        cancelLabel: 'Keep Booking',
        destructive: true,
      });
      if (ok)
        await run(cancel.mutateAsync, booking.id, 'Booking cancelled successfully', (e) =>
          refusalOr(e, 'Failed to cancel booking'),
        );
    },
    async acceptBooking(booking: Booking) {
      const ok = await confirm({
        title: 'Accept this booking request?',
        description: `Are you sure you want to accept the booking of ${booking.passenger.name || booking.passengerName || 'this passenger'}?`,
        confirmLabel: 'Confirm',
      });
      if (ok)
        await run(accept.mutateAsync, booking.id, 'Booking confirmed successfully', (e) =>
          refusalOr(e, 'Failed to confirm booking'),
        );
    },
    async rejectBooking(booking: Booking) {
      const ok = await confirm({
        title: 'Reject this booking request?',
        description: `Are you sure you want to reject the booking of ${booking.passenger.name || booking.passengerName || 'this passenger'}?`,
        confirmLabel: 'Reject',
        destructive: true,
      });
      if (ok)
        await run(reject.mutateAsync, booking.id, 'Booking rejected', (e) =>
          refusalOr(e, 'Failed to reject booking'),
        );
    },
    /** Whether a call about this ride or booking is still on its way (its buttons wait). */
    isBusy(id: string): boolean {
      return (
        (del.isPending && del.variables === id) ||
        (status.isPending && status.variables?.id === id) ||
        (cancel.isPending && cancel.variables === id) ||
        (accept.isPending && accept.variables === id) ||
        (reject.isPending && reject.variables === id)
      );
    },
  };
}

export type DashboardActions = ReturnType<typeof useDashboardActions>;
