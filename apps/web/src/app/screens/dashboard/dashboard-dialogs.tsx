import { Suspense } from 'react';
import { BookingDetailsDialog } from '@/features/bookings';
import { RateExperienceDialog } from '@/features/ratings';
import { EditRideDialog, RideDetailsDialog } from '@/features/rides';
import type { DashboardDialogs as Dialogs } from './use-dashboard-dialogs';

/** The one dialog on view, its code loaded on demand. */
export function DashboardDialogs({ dialogs }: { dialogs: Dialogs }) {
  const { dialog, close } = dialogs;
  return (
    <Suspense fallback={null}>
      {dialog?.kind === 'ride' ? <RideDetailsDialog ride={dialog.ride} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <EditRideDialog ride={dialog.ride} onClose={close} /> : null}
      {dialog?.kind === 'booking' ? (
        <BookingDetailsDialog booking={dialog.booking} as={dialog.as} onClose={close} />
      ) : null}
      {dialog?.kind === 'rate' ? (
        <RateExperienceDialog
          open
          onOpenChange={(open) => !open && close()}
          {...dialog.target}
          onRated={() => dialogs.markRated(dialog.target)}
        />
      ) : null}
    </Suspense>
  );
}
