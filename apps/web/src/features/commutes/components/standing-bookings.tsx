import { Repeat } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm';
import { ApiError } from '@/lib/api-client';
import { refusalOr } from '@/lib/refusal';
import { runAction, type ActionReport } from '@/lib/run-action';
import {
  COMMUTE_MSG,
  ERR_CODE,
  isMorningReturn,
  shiftDays,
  type Booking,
  type Commute,
  type CommuteDay,
} from '@saathchalo/shared';
import { useCommute } from '../api/get-commute';
import { useUnsubscribe } from '../api/subscriptions';
import { commuteLabel } from '../utils/days';

interface Props {
  commuteId: string;
  bookings: Booking[];
  /** The bookings feature's card for one booking. */
  card(b: Booking): ReactNode;
  out: ActionReport;
}

/**
 * The days the rides of the heading's time leave on: the standing booking's (commute) days, one later
 * when that time is a night shift's morning return.
 */
function leavesOn(c: Commute, ride: Booking['ride']): CommuteDay[] {
  const days = c.subscription?.days ?? c.days;
  return isMorningReturn(ride, c.departureTime) ? shiftDays(days, 1) : days;
}

/**
 * A passenger's bookings on one commute, under the commute's days and time, with "Stop booking": the
 * standing booking ends and its open upcoming bookings are cancelled.
 */
export function StandingBookings({ commuteId, bookings, card, out }: Props) {
  const commute = useCommute(commuteId);
  const unsubscribe = useUnsubscribe();
  const confirm = useConfirm();
  const first = bookings[0]!.ride;
  const headingId = `standing-${commuteId}`;
  const stop = async () => {
    const ok = await confirm({
      title: 'Stop booking this commute?',
      description: `Your upcoming bookings from ${first.from} to ${first.to} are cancelled, and later rides are no longer booked for you.`,
      confirmLabel: 'Stop booking',
      cancelLabel: 'Keep booking',
      destructive: true,
    });
    if (ok)
      await runAction(out, unsubscribe.mutateAsync, commuteId, COMMUTE_MSG.unsubscribed, (e) =>
        refusalOr(e, 'Failed to stop booking'),
      );
  };
  const c = commute.data;
  // An older server sends no `subscription`: the button stays, and the server says if there is none. A
  // commute that is gone (its driver deleted their account) has nothing to stop: the button would fail.
  const gone = commute.error instanceof ApiError && commute.error.code === ERR_CODE.commuteNotFound;
  const standing = !gone && c?.subscription !== null;
  return (
    <li aria-labelledby={headingId} className="rounded-2xl bg-indigo-50/60 p-3 ring-1 ring-indigo-100 sm:p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
          <Repeat aria-hidden="true" className="h-4 w-4" />
          <span>
            Commute {first.from} to {first.to}
            {c ? `, ${commuteLabel(leavesOn(c, first), first.departureTime)}` : ''}
          </span>
        </h3>
        {standing ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => void stop()}
            disabled={unsubscribe.isPending}
            aria-describedby={headingId}
          >
            Stop booking
          </Button>
        ) : null}
      </div>
      <ul className="space-y-3">{bookings.map(card)}</ul>
    </li>
  );
}
