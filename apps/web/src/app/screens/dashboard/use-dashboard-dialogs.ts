import { useEffect, useRef, useState } from 'react';
import type { Booking, Ride } from '@saathchalo/shared';
import { loadBookingDialogs } from '@/features/bookings';
import { loadRatingDialog, type RateTarget } from '@/features/ratings';
import { loadRideActionsMenu, loadRideDialogs } from '@/features/rides';
import { restoreFocus } from '@/lib/focus';

type DialogState =
  | { kind: 'ride'; ride: Ride }
  | { kind: 'edit'; ride: Ride }
  | { kind: 'booking'; booking: Booking; as: 'passenger' | 'driver' }
  | { kind: 'rate'; target: RateTarget }
  | null;

const focused = () => document.activeElement as HTMLElement | null;

/** The dialog on view, where focus goes back when it closes, and who was rated in this visit. */
export function useDashboardDialogs() {
  const [dialog, setDialog] = useState<DialogState>(null);
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
    dialog,
    open(next: DialogState, from: HTMLElement | null = focused()) {
      returnTo.current = from;
      setDialog(next);
    },
    close() {
      setDialog(null);
      restoreFocus(returnTo.current);
    },
    isRated: (rideId: string, rateeId: string) => rated.has(`${rideId}:${rateeId}`),
    markRated: ({ rideId, rateeId }: RateTarget) =>
      setRated((prev) => new Set(prev).add(`${rideId}:${rateeId}`)),
  };
}

export type DashboardDialogs = ReturnType<typeof useDashboardDialogs>;
