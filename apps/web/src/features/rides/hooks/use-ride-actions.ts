import { useConfirm } from '@/components/ui/confirm';
import { refusalOr } from '@/lib/refusal';
import { useItemActions, type ActionReport } from '@/lib/run-action';
import type { Ride, RideStatus } from '@saathchalo/shared';
import { useDeleteRide } from '../api/delete-ride';
import { useUpdateRideStatus } from '../api/update-ride-status';
import { statusErrorMessage } from '../utils/status-errors';
import { statusConfirmText } from '../utils/status-rules';

/**
 * A driver's actions on a ride, each behind a confirmation prompt (specification section 4), with the
 * success text of the server and the error texts of specification section 8.
 */
export function useRideActions(out: ActionReport) {
  const confirm = useConfirm();
  const del = useDeleteRide();
  const status = useUpdateRideStatus();
  const { isBusy, run } = useItemActions(out);

  return {
    async deleteRide(ride: Ride) {
      const ok = await confirm({
        title: 'Delete this ride?',
        description: `Are you sure you want to delete your ride from ${ride.from} to ${ride.to}? This action cannot be undone.`,
        confirmLabel: 'Delete Ride',
        destructive: true,
      });
      if (ok)
        await run(ride.id, del.mutateAsync, ride.id, 'Ride deleted successfully', (e) =>
          refusalOr(e, 'Failed to delete ride'),
        );
    },
    async changeStatus(ride: Ride, next: RideStatus) {
      if (!(await confirm(statusConfirmText[next]))) return;
      await run(
        ride.id,
        status.mutateAsync,
        { id: ride.id, status: next },
        'Ride status updated successfully',
        statusErrorMessage,
      );
    },
    /** Whether a call about this ride is still on its way (its buttons wait). */
    isBusy,
  };
}
