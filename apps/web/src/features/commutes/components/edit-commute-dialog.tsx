import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { refusalOr } from '@/lib/refusal';
import { routeForm, useStopTimesFollowDeparture } from '@/features/places';
import { COMMUTE_MSG, type Commute } from '@saathchalo/shared';
import { useUpdateCommute } from '../api/change-commute';
import { editCommuteResolver, type EditCommuteIn, type EditCommuteOut } from '../utils/commute-form';
import { EditCommuteFields } from './edit-commute-fields';

const valuesOf = (c: Commute): EditCommuteIn => ({
  from: c.from,
  to: c.to,
  // An estimated time stays empty, so it is estimated again after the edit.
  stops: c.stops.map(({ place, time }) => ({ place, time: time ?? '' })),
  days: c.days,
  departureTime: c.departureTime,
  returnTime: c.returnTime ?? '',
  startDate: c.startDate,
  endDate: c.endDate ?? '',
  seats: String(c.seats),
  pricePerSeat: String(c.pricePerSeat),
  carModel: c.carModel,
  carNumber: c.carNumber,
  additionalInfo: c.additionalInfo ?? '',
  instantBooking: c.instantBooking,
  womenOnly: c.womenOnly,
});

/** What an edit changes (CONTRACT section 8), said before the driver saves it. */
export const EDIT_COMMUTE_NOTE =
  'Your changes apply to the rides nobody has booked yet and to every later one. Rides already booked keep their route, times, seats and price. Passengers with a standing booking get one e-mail saying what changed, ten minutes after your last change.';

/** Edit a commute: its rides not yet booked and the future ones change (CONTRACT section 8). */
export function EditCommuteDialog({ commute, onClose }: { commute: Commute; onClose(): void }) {
  const update = useUpdateCommute();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EditCommuteIn, unknown, EditCommuteOut>({
    resolver: editCommuteResolver,
    defaultValues: valuesOf(commute),
  });
  useStopTimesFollowDeparture(routeForm(form));

  // Section 9: only a woman driver is offered Women only; anyone else sends none, and the commute keeps it.
  const womenOnly = useSession()?.gender === 'FEMALE';
  const onSubmit = ({ womenOnly: asked, ...body }: EditCommuteOut) => {
    setFailure(null);
    update.mutate(
      // PUT reads a body without stops as a route without any: none typed is sent as none.
      {
        id: commute.id,
        body: { ...body, stops: body.stops ?? [], ...(womenOnly ? { womenOnly: asked } : {}) },
      },
      {
        onSuccess: (res) => {
          notify.success(res.message || COMMUTE_MSG.updated);
          onClose();
        },
        onError: (err) => {
          setFailure(refusalOr(err, 'Failed to update the commute'));
          // The server's field messages also show next to their fields.
          const fields = err instanceof ApiError ? err.fields : {};
          // A stop's message comes as `stops.N.place` or `stops.N.time`.
          for (const [field, message] of Object.entries(fields))
            if (field.split('.')[0]! in valuesOf(commute))
              form.setError(field as keyof EditCommuteIn, { type: 'server', message });
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Edit Commute"
      description={EDIT_COMMUTE_NOTE}
    >
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <EditCommuteFields form={form} womenOnly={womenOnly} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
