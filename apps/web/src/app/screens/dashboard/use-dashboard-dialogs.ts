import { useEffect, useRef, useState } from 'react';
import type { Booking, Ride } from '@saathchalo/shared';
import { useDialogOpener } from '@/components/ui/use-dialog-opener';
import { loadBookingDialogs } from '@/features/bookings';
import { loadRatingDialog, type RateTarget } from '@/features/ratings';
import { loadRideActionsMenu, loadRideDialogs } from '@/features/rides';
import { restoreFocus } from '@/lib/focus';

type Dialog =
  | { kind: 'ride'; ride: Ride }
  | { kind: 'edit'; ride: Ride }
  | { kind: 'booking'; booking: Booking; as: 'passenger' | 'driver' }
  | { kind: 'rate'; target: RateTarget };

/** The code each dialog needs before it can open. */
const codeOf: Record<Dialog['kind'], () => Promise<unknown>> = {
  ride: loadRideDialogs,
  edit: loadRideDialogs,
  booking: loadBookingDialogs,
  rate: loadRatingDialog,
};
const loadCodeOf = (d: Dialog) => codeOf[d.kind]();

const focused = () => document.activeElement as HTMLElement | null;

/** The dialog on view, where focus goes back when it closes, and who was rated in this visit. */
export function useDashboardDialogs() {
  const opener = useDialogOpener<Dialog>(loadCodeOf);
  const [rated, setRated] = useState<ReadonlySet<string>>(() => new Set());
  const returnTo = useRef<HTMLElement | null>(null);

  // The ride menu is needed as soon as the rides are there: ask for it alongside them.
  useEffect(() => {
    void loadRideActionsMenu().catch(() => {});
  }, []);

  // Warm the dialogs once the screen is up, so the first click opens one at once.
  useEffect(() => {
    const t = setTimeout(() => {
      for (const load of [loadRideDialogs, loadBookingDialogs, loadRatingDialog]) void load().catch(() => {});
    }, 1500);
    return () => clearTimeout(t);
  }, []);

  return {
    dialog: opener.value,
    /** Opens once the dialog's code is in; without it (offline) the network message shows instead. */
    open(next: Dialog, from: HTMLElement | null = focused()) {
      returnTo.current = from;
      void opener.open(next);
    },
    close() {
      opener.close();
      restoreFocus(returnTo.current);
    },
    /** Rated in an earlier visit (the server says so) or in this one, before the lists are read again. */
    isRated: (b: Pick<Booking, 'rideId' | 'ratedByMe'>, rateeId: string) =>
      b.ratedByMe === true || rated.has(`${b.rideId}:${rateeId}`),
    markRated: ({ rideId, rateeId }: RateTarget) =>
      setRated((prev) => new Set(prev).add(`${rideId}:${rateeId}`)),
  };
}

export type DashboardDialogs = ReturnType<typeof useDashboardDialogs>;
