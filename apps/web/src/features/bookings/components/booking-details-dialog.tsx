import { StatusBadge } from '@/components/ui/badge';
import { Dialog } from '@/components/ui/dialog';
import { formatDate, formatRupees, formatTime } from '@/lib/format';
import type { Booking } from '@saathchalo/shared';
import { DetailList } from '@/components/ui/detail-list';
import { cancelReasonText } from '@/features/commutes';

const payment = (s: string) => (s === 'COMPLETED' ? 'Paid' : s === 'PENDING' ? 'Pending' : 'Failed');

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
  const phone = as === 'passenger' ? booking.driver.phone : booking.passenger.phone;
  const reason = cancelReasonText(booking);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Booking Details">
      <DetailList
        rows={[
          ['From', booking.ride.from],
          ['To', booking.ride.to],
          ['Date', formatDate(booking.ride.departureDate)],
          ['Time', formatTime(booking.ride.departureTime)],
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
