import { useConfirm } from '@/components/ui/confirm';
import { refusalOr } from '@/lib/refusal';
import { useItemActions, type ActionReport } from '@/lib/run-action';
import type { Booking } from '@saathchalo/shared';
import { useCancelBooking, useRejectBooking } from '../api/cancel-booking';
import { useConfirmBooking } from '../api/confirm-booking';

const passengerOf = (booking: Booking) => booking.passenger.name || booking.passengerName || 'this passenger';

/**
 * The passenger's cancel and the driver's accept and reject, each behind a confirmation prompt
 * (specification section 4), with the success text of the server and the error texts of section 8.
 */
export function useBookingActions(out: ActionReport) {
  const confirm = useConfirm();
  const cancel = useCancelBooking();
  const accept = useConfirmBooking();
  const reject = useRejectBooking();
  const { isBusy, run } = useItemActions(out);

  return {
    async cancelBooking(booking: Booking) {
      const ok = await confirm({
        title: 'Cancel this booking?',
        description: 'Are you sure you want to cancel this booking?',
        confirmLabel: 'Cancel Booking',
        cancelLabel: 'Keep Booking',
        destructive: true,
      });
      if (ok)
        await run(booking.id, cancel.mutateAsync, booking.id, 'Booking cancelled successfully', (e) =>
          refusalOr(e, 'Failed to cancel booking'),
        );
    },
    async acceptBooking(booking: Booking) {
      const ok = await confirm({
        title: 'Accept this booking request?',
        description: `Are you sure you want to accept the booking of ${passengerOf(booking)}?`,
        confirmLabel: 'Confirm',
      });
      if (ok)
        await run(booking.id, accept.mutateAsync, booking.id, 'Booking confirmed successfully', (e) =>
          refusalOr(e, 'Failed to confirm booking'),
        );
    },
    async rejectBooking(booking: Booking) {
      const ok = await confirm({
        title: 'Reject this booking request?',
        description: `Are you sure you want to reject the booking of ${passengerOf(booking)}?`,
        confirmLabel: 'Reject',
        destructive: true,
      });
      if (ok)
        await run(booking.id, reject.mutateAsync, booking.id, 'Booking rejected', (e) =>
          refusalOr(e, 'Failed to reject booking'),
        );
    },
    /** Whether a call about this booking is still on its way (its buttons wait). */
    isBusy,
  };
}
