import { Car, RefreshCw, Search } from 'lucide-react';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

interface Props {
  name: string;
  rides: number;
  bookings: number;
  refreshing: boolean;
  onRefresh(): void;
}

/** Greeting, subtitle, the summary counts and the three buttons. */
export function DashboardHeader({ name, rides, bookings, refreshing, onRefresh }: Props) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Welcome back, {name}!</h1>
        <p className="mt-1 text-slate-700">Manage your rides and bookings</p>
        <p className="mt-1 text-sm text-slate-600" data-testid="summary">
          {rides} {rides === 1 ? 'ride' : 'rides'} · {bookings} {bookings === 1 ? 'booking' : 'bookings'}
        </p>
      </div>
      <div className="flex flex-wrap gap-2 [&>*]:whitespace-nowrap">
        <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
          <RefreshCw aria-hidden="true" className={refreshing ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} />
          Refresh
        </Button>
        <ButtonLink to={paths.findRide} variant="secondary">
          <Search aria-hidden="true" className="h-4 w-4" />
          Find a Ride
        </ButtonLink>
        <ButtonLink to={paths.offerRide}>
          <Car aria-hidden="true" className="h-4 w-4" />
          Offer Ride
        </ButtonLink>
      </div>
    </div>
  );
}

export function DashboardStats({
  ridesOffered,
  bookingsMade,
  rating,
}: {
  ridesOffered: number;
  bookingsMade: number;
  rating: number;
}) {
  const stats: Array<[string, string]> = [
    ['Rides Offered', String(ridesOffered)],
    ['Bookings Made', String(bookingsMade)],
    ['Rating', rating > 0 ? `${rating.toFixed(1)} ★` : 'New'],
  ];
  return (
    <dl className="mt-6 grid grid-cols-3 gap-2 sm:gap-4">
      {stats.map(([label, value]) => (
        <div
          key={label}
          className="rounded-2xl bg-white p-3 text-center shadow-sm ring-1 ring-slate-200 sm:p-5"
        >
          <dt className="text-xs text-slate-600 sm:text-sm">{label}</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
