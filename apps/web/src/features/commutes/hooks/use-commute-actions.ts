import { useConfirm } from '@/components/ui/confirm';
import { formatDate, formatTime } from '@/lib/format';
import { refusalOr } from '@/lib/refusal';
import { useItemActions, type ActionReport } from '@/lib/run-action';
import { useSkipRide, useStopCommute } from '../api/change-commute';
import { type Commute, type Ride } from '@saathchalo/shared';

const SKIPPED = 'Ride cancelled for that day';

/** The driver's actions on a commute, each behind a confirmation prompt. */
export function useCommuteActions(out: ActionReport) {
  const confirm = useConfirm();
  const skip = useSkipRide();
  const stop = useStopCommute();
  const { isBusy, run } = useItemActions(out);
  return {
    async skipDay(ride: Ride) {
      const ok = await confirm({
        title: 'Skip this day?',
        description: `The ride from ${ride.from} to ${ride.to} on ${formatDate(ride.departureDate)} at ${formatTime(ride.departureTime)} is cancelled and its passengers are told. The commute goes on.`,
        confirmLabel: 'Skip day',
        cancelLabel: 'Keep ride',
        destructive: true,
      });
      // Skipping is a status change on the server, whose words ("Ride status updated successfully") say
      // less than the driver's own action does.
      const skipDay = async (id: string) => {
        await skip.mutateAsync(id);
        return { message: SKIPPED };
      };
      if (ok) await run(ride.id, skipDay, ride.id, SKIPPED, (e) => refusalOr(e, 'Failed to skip the day'));
    },
    async stopCommute(commute: Commute) {
      const ok = await confirm({
        title: 'Stop this commute?',
        description: `Your future rides from ${commute.from} to ${commute.to} are cancelled and their passengers are told. Past rides stay in your history.`,
        confirmLabel: 'Stop commute',
        cancelLabel: 'Keep commute',
        destructive: true,
      });
      if (ok)
        await run(commute.id, stop.mutateAsync, commute.id, 'Commute stopped', (e) =>
          refusalOr(e, 'Failed to stop the commute'),
        );
    },
    /** Whether a call about this ride or commute is still on its way (its buttons wait). */
    isBusy,
  };
}
