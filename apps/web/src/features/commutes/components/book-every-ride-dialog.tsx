import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/field';
import { dashboardTab } from '@/config/paths';
import { formatRupees, formatTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { refusalOr } from '@/lib/refusal';
import {
  COMMUTE_MSG,
  MSG,
  SEATS_MAX,
  type CommuteDay,
  type Ride,
  type SubscriptionResult,
} from '@saathchalo/shared';
import { useStandingTerms } from '../hooks/use-standing-terms';
import { isOtherWay, stopsAround } from '../utils/standing-terms';
import { useSubscribe } from '../api/subscriptions';
import { commuteLabel } from '../utils/days';
import { DayChips } from './repeat-fields';
import { SubscriptionSummary } from './subscription-summary';

interface Props {
  ride: Ride;
  seats: number;
  onClose(): void;
}

/** What each ride costs: the part found, or where it lies between stops, the stops booked instead. */
function EachRide({ ride, seats }: { ride: Ride; seats: number }) {
  const around = stopsAround(ride);
  if (!around) {
    return (
      <>
        Each ride: <strong>{formatRupees(ride.pricePerSeat * seats)}</strong>.
      </>
    );
  }
  const { from, to } = around;
  return (
    <>
      Each ride is booked from <strong>{from.place}</strong> ({formatTime(from.time)}) to{' '}
      <strong>{to.place}</strong> ({formatTime(to.time)}), the driver's stops on either side of where you
      board and leave, at that part's price.
    </>
  );
}

function BookEveryForm({
  ride,
  seats: wanted,
  onClose,
  onDone,
}: Props & { onDone(a: SubscriptionResult): void }) {
  const subscribe = useSubscribe();
  // The chips are the days this ride leaves on, as its label says; a standing booking names commute
  // days, and a night shift's morning return belongs to the night before: its commute tells which.
  const isReturn = ride.direction === 'RETURN';
  const { commute, termsFor } = useStandingTerms(ride);
  const [days, setDays] = useState<CommuteDay[]>(ride.days ?? []);
  const max = Math.max(1, Math.min(SEATS_MAX, ride.totalSeats));
  const [seats, setSeats] = useState(Math.min(Math.max(1, wanted), max));
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setFailure(null);
    if (days.length === 0) return setFailure(MSG.commuteDaysRequired);
    if (isReturn && !commute.data) return setFailure(refusalOr(commute.error, 'Failed to book every ride'));
    subscribe.mutate(
      { commuteId: ride.commuteId!, seats, ...(await termsFor(days)) },
      {
        onSuccess: (res) => {
          notify.success(res.message || COMMUTE_MSG.subscribed);
          onDone(res.data);
        },
        onError: (err) => setFailure(refusalOr(err, 'Failed to book every ride')),
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="space-y-4"
    >
      {failure ? <Alert>{failure}</Alert> : null}
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">On these days</legend>
        {/* Only the days this commute runs: another day would book nothing. */}
        <DayChips days={days} onChange={setDays} only={ride.days ?? undefined} />
      </fieldset>
      <SelectField
        id="every-seats"
        label="Seats on each ride"
        value={seats}
        onChange={(e) => setSeats(Number(e.target.value))}
        options={Array.from({ length: max }, (_, i) => i + 1).map((n) => ({
          value: n,
          label: `${n} ${n === 1 ? 'seat' : 'seats'}`,
        }))}
      />
      <p className="text-sm text-slate-800">
        <EachRide ride={ride} seats={seats} /> The rides of the next two weeks are booked now and each later
        one as it appears; the driver confirms each unless booking is instant.
      </p>
      {isOtherWay(commute.data?.subscription, ride.direction ?? null) ? (
        <p className="text-sm text-slate-800">
          Your standing booking of the rides the other way stays: both ways are booked, on the days of either.
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={subscribe.isPending || (isReturn && commute.isPending)}>
          {subscribe.isPending ? 'Booking...' : 'Book every ride'}
        </Button>
      </div>
    </form>
  );
}

/** "Book every ride": a standing booking of this commute's rides on the chosen days, this way. */
export function BookEveryRideDialog(props: Props) {
  const { ride, onClose } = props;
  const navigate = useNavigate();
  const [answer, setAnswer] = useState<SubscriptionResult | null>(null);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Book every ride"
      description={`${ride.from} to ${ride.to}, ${commuteLabel(ride.days ?? [], ride.departureTime)}, with ${ride.driver.name}`}
    >
      {answer ? (
        <div className="space-y-4">
          <SubscriptionSummary answer={answer} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => navigate(dashboardTab('bookings'))}>Go to My Bookings</Button>
          </div>
        </div>
      ) : (
        <BookEveryForm {...props} onDone={setAnswer} />
      )}
    </Dialog>
  );
}
