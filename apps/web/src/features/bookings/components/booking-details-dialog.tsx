import { StatusBadge } from '@/components/ui/badge';
import { Dialog } from '@/components/ui/dialog';
import { formatDate, formatRupees, formatTime } from '@/lib/format';
import type { Booking } from '@saathchalo/shared';
import { DetailList } from '@/components/ui/detail-list';
import { cancelReasonText } from '@/features/commutes';
import { drawable, RouteView } from '@/features/places';
import { bookedPart, pointText } from './pickup-drop';

const payment = (s: string) => (s === 'COMPLETED' ? 'Paid' : s === 'PENDING' ? 'Pending' : 'Failed');

/**
 * Where the passenger boards and leaves when it is not the ride's ends (CONTRACT section 7): the ride's
 * From, To and Time alone tell someone boarding at Mandya the wrong place and hour.
 */
function segmentRows(booking: Booking): Array<[string, string]> {
  const part = bookedPart(booking);
  if (!part) return [];
  return [
    ['Pickup', pointText(booking, part.pickup)],
    ['Drop', pointText(booking, part.drop)],
  ];
}

/** A booking seen by its passenger ("driver") or by the ride's driver ("passenger"). */
export function BookingDetailsDialog({
  booking,
  as,
  onClose,
}: {
  booking: Booking;
  as: 'passenger' | 'driver';
  onClose(): void;
}) {
  const other =
    as === 'passenger'
      ? (['Driver', booking.driver.name || 'Driver'] as [string, string])
      : (['Passenger', booking.passenger.name || booking.passengerName || 'Passenger'] as [string, string]);
  // A cancelled booking hands out no number (decision 033), even one a list cached before the cancel holds.
  const phone =
    booking.status === 'CANCELLED'
      ? null
      : as === 'passenger'
        ? booking.driver.phone
        : booking.passenger.phone;
  const reason = cancelReasonText(booking);
  const { stops } = booking.ride;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Booking Details">
      {drawable(stops) ? (
        <RouteView
          stops={stops}
          segment={booking}
          partLabel={as === 'passenger' ? 'Your part' : "The passenger's part"}
        />
      ) : null}
      <DetailList
        rows={[
          ['From', booking.ride.from],
          ['To', booking.ride.to],
          ['Date', formatDate(booking.ride.departureDate)],
          ['Time', formatTime(booking.ride.departureTime)],
          ...segmentRows(booking),
          ['Status', <StatusBadge key="s" status={booking.status} />],
          ...(reason ? ([['Why', reason]] as Array<[string, string]>) : []),
          other,
          ...(phone ? ([['Phone', phone]] as Array<[string, string]>) : []),
          ['Seats booked', booking.seatsBooked],
          ['Total amount', formatRupees(booking.totalAmount)],
          ['Payment', payment(booking.paymentStatus)],
          ['Car', `${booking.ride.carModel} · ${booking.ride.carNumber}`],
          ...(booking.pickupLocation
            ? ([['Pickup point', booking.pickupLocation]] as Array<[string, string]>)
            : []),
          ...(booking.dropLocation
            ? ([['Drop point', booking.dropLocation]] as Array<[string, string]>)
            : []),
          ...(booking.ride.additionalInfo
            ? ([['Additional information', booking.ride.additionalInfo]] as Array<[string, string]>)
            : []),
        ]}
      />
    </Dialog>
  );
}
