import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { refusalOr } from '@/lib/refusal';
import { COMMUTE_MSG, type Commute } from '@saathchalo/shared';
import { useUpdateCommute } from '../api/change-commute';
import { editCommuteResolver, type EditCommuteIn, type EditCommuteOut } from '../utils/commute-form';
import { stopsMovedWith } from '../utils/stop-times';
import { EditCommuteFields } from './edit-commute-fields';

const valuesOf = (c: Commute): EditCommuteIn => ({
  from: c.from,
  to: c.to,
  // Not edited here, but sent back as they are: PUT reads a body without stops as a route without any.
  stops: c.stops.map(({ place, time }) => ({ place, time })),
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
});

/** Edit a commute: its rides not yet booked and the future ones change (CONTRACT section 8). */
export function EditCommuteDialog({ commute, onClose }: { commute: Commute; onClose(): void }) {
  const update = useUpdateCommute();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EditCommuteIn, unknown, EditCommuteOut>({
    resolver: editCommuteResolver,
    defaultValues: valuesOf(commute),
  });

  const onSubmit = (body: EditCommuteOut) => {
    setFailure(null);
    const stops = stopsMovedWith(body.stops ?? [], commute.departureTime, body.departureTime);
    update.mutate(
      { id: commute.id, body: { ...body, stops } },
      {
        onSuccess: (res) => {
          notify.success(res.message || COMMUTE_MSG.updated);
          onClose();
        },
        onError: (err) => {
          setFailure(refusalOr(err, 'Failed to update the commute'));
          // The server's field messages also show next to their fields.
          const fields = err instanceof ApiError ? err.fields : {};
          for (const [field, message] of Object.entries(fields))
            if (field in valuesOf(commute))
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
      description={`${commute.from} to ${commute.to}. Rides already booked keep their time and seats.`}
    >
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <EditCommuteFields form={form} />
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
