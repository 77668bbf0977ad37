import * as Tabs from '@radix-ui/react-tabs';
import { Car, Inbox } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import type { Booking, Ride } from '@saathchalo/shared';
import { useMyBookings } from '../api/get-my-bookings';
import { useMyRating } from '../api/get-my-rating';
import { useMyRides } from '../api/get-my-rides';
import { useRideRequests } from '../api/get-ride-requests';
import { useDashboardActions } from '../hooks/use-dashboard-actions';
import { loadErrorMessage } from '../utils/errors';
import { restoreFocus, rideMenuId } from '../utils/focus';
import { DashboardHeader, DashboardStats } from './dashboard-header';
import { EmptyState } from './empty-state';
import { MyBookingsPanel } from './my-bookings-panel';
import type { RateTarget } from './rate-experience-dialog';
import { RequestCard } from './request-card';
import { loadRideActionsMenu } from './ride-actions-menu';
import { RideCard } from './ride-card';
import { passengerName } from './ride-passengers';

// The dialogs (and the form code they bring) load after the dashboard shows, not before.
const loadRideDetails = () => import('./ride-details-dialog');
const loadEdit = () => import('./edit-ride-dialog');
const loadBookingDetails = () => import('./booking-details-dialog');
const loadRate = () => import('./rate-experience-dialog');
const RideDetailsDialog = lazy(() => loadRideDetails().then((m) => ({ default: m.RideDetailsDialog })));
const EditRideDialog = lazy(() => loadEdit().then((m) => ({ default: m.EditRideDialog })));
const BookingDetailsDialog = lazy(() =>
  loadBookingDetails().then((m) => ({ default: m.BookingDetailsDialog })),
);
const RateExperienceDialog = lazy(() => loadRate().then((m) => ({ default: m.RateExperienceDialog })));

type DialogState =
  | { kind: 'ride'; ride: Ride }
  | { kind: 'edit'; ride: Ride }
  | { kind: 'booking'; booking: Booking; as: 'passenger' | 'driver' }
  | { kind: 'rate'; target: RateTarget }
  | null;

const tabClass =
  'rounded-lg px-2 py-2.5 text-center leading-tight text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 data-[state=active]:bg-white data-[state=active]:text-blue-800 data-[state=active]:shadow-sm';

export function DashboardScreen() {
  const session = useSession();
  const signedIn = Boolean(session?.token);
  const rides = useMyRides(signedIn);
  const bookings = useMyBookings(signedIn);
  const requests = useRideRequests(signedIn);
  const myRating = useMyRating(signedIn);
  const [banner, setBanner] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [rated, setRated] = useState<ReadonlySet<string>>(() => new Set());
  const [refreshing, setRefreshing] = useState(false);
  const returnTo = useRef<HTMLElement | null>(null);

  const report = useCallback((message: string) => {
    setBanner(message);
    notify.error(message);
  }, []);
  const clearReport = useCallback(() => setBanner(null), []);
  const actions = useDashboardActions(report, clearReport);

  // The ride menu is needed as soon as the rides are there: ask for it alongside them.
  useEffect(() => {
    void loadRideActionsMenu().catch(() => {});
  }, []);

  // Warm the dialogs once the screen is up, so the first click opens one at once.
  useEffect(() => {
    const t = setTimeout(() => {
      for (const load of [loadRideDetails, loadEdit, loadBookingDetails, loadRate])
        void load().catch(() => {});
    }, 1500);
    return () => clearTimeout(t);
  }, []);

  if (!session) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Please login to access dashboard</h1>
        <ButtonLink to={paths.signIn} className="mt-6">
          Go to Login
        </ButtonLink>
      </div>
    );
  }

  const myRides = rides.data ?? [];
  const allBookings = bookings.data ?? [];
  const myBookings = allBookings.filter((b) => b.status !== 'CANCELLED');
  const cancelledBookings = allBookings.filter((b) => b.status === 'CANCELLED');
  const rideRequests = requests.data ?? [];
  const loading = rides.isPending || bookings.isPending || requests.isPending;
  const loadError = rides.error ?? bookings.error;
  const error = banner ?? (loadError ? loadErrorMessage(loadError) : null);
  const name = session.firstName || session.name || 'User';
  const isRated = (rideId: string, rateeId: string) => rated.has(`${rideId}:${rateeId}`);

  const refresh = async () => {
    setBanner(null);
    setRefreshing(true);
    const results = await Promise.all([rides.refetch(), bookings.refetch(), requests.refetch()]);
    void myRating.refetch();
    setRefreshing(false);
    if (results.some((r) => r.isError)) report('Failed to refresh data');
  };

  const focused = () => document.activeElement as HTMLElement | null;
  const menuOf = (rideId: string) => () => document.getElementById(rideMenuId(rideId));
  const openDialog = (next: DialogState, from: HTMLElement | null = focused()) => {
    returnTo.current = from;
    setDialog(next);
  };
  const closeDialog = () => {
    setDialog(null);
    restoreFocus(returnTo.current);
  };
  /** Runs a prompted action, then puts focus back (on `from`, or the selected tab when it is gone). */
  const act = (run: Promise<void>, from: () => HTMLElement | null) =>
    void run.finally(() => restoreFocus(from));
  const rate = (target: RateTarget) => openDialog({ kind: 'rate', target });

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <DashboardHeader
        name={name}
        rides={myRides.length}
        bookings={myBookings.length + rideRequests.length}
        refreshing={refreshing}
        onRefresh={() => void refresh()}
      />
      <DashboardStats
        ridesOffered={myRides.length}
        bookingsMade={myBookings.length}
        rating={myRating.data ?? session.rating ?? 0}
      />

      {error ? (
        <Alert className="mt-6 flex flex-wrap items-center justify-between gap-2">
          <span>{error}</span>
          {!banner && loadError ? (
            <Button size="sm" variant="outline" onClick={() => void refresh()} disabled={refreshing}>
              Try again
            </Button>
          ) : null}
        </Alert>
      ) : null}

      {loading ? (
        <div className="flex justify-center p-10">
          <Spinner label="Loading your rides and bookings" />
        </div>
      ) : (
        <Tabs.Root defaultValue="rides" className="mt-8">
          <Tabs.List
            aria-label="Your rides and bookings"
            className="grid grid-cols-3 gap-1 rounded-xl bg-slate-200/70 p-1"
          >
            <Tabs.Trigger value="rides" className={tabClass}>
              My Rides ({myRides.length})
            </Tabs.Trigger>
            <Tabs.Trigger value="bookings" className={tabClass}>
              My Bookings ({myBookings.length})
            </Tabs.Trigger>
            <Tabs.Trigger value="requests" className={tabClass}>
              Ride Requests ({rideRequests.length})
            </Tabs.Trigger>
          </Tabs.List>

          <Tabs.Content value="rides" className="mt-4 focus-visible:outline-2 focus-visible:outline-blue-600">
            <h2 className="sr-only">My Rides</h2>
            {myRides.length === 0 ? (
              <EmptyState
                icon={<Car className="h-10 w-10" />}
                title="No rides offered yet"
                text="Share your journey and split the costs with fellow commuters."
                action={<ButtonLink to={paths.offerRide}>Offer Your First Ride</ButtonLink>}
              />
            ) : (
              <ul className="space-y-4">
                {myRides.map((ride) => (
                  <RideCard
                    key={ride.id}
                    ride={ride}
                    busy={actions.isBusy(ride.id)}
                    onDetails={() => openDialog({ kind: 'ride', ride })}
                    onEdit={() => openDialog({ kind: 'edit', ride }, menuOf(ride.id)())}
                    onStatus={(next) => act(actions.changeStatus(ride, next), menuOf(ride.id))}
                    onDelete={() => act(actions.deleteRide(ride), menuOf(ride.id))}
                    isRated={isRated}
                    onRatePassenger={(b) =>
                      rate({ rideId: ride.id, rateeId: b.passengerId, rateeName: passengerName(b) })
                    }
                  />
                ))}
              </ul>
            )}
          </Tabs.Content>

          <Tabs.Content
            value="bookings"
            className="mt-4 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            <h2 className="sr-only">My Bookings</h2>
            <MyBookingsPanel
              open={myBookings}
              cancelled={cancelledBookings}
              isBusy={actions.isBusy}
              isRated={isRated}
              onView={(b) => openDialog({ kind: 'booking', booking: b, as: 'passenger' })}
              onCancel={(b) => {
                const from = focused();
                act(actions.cancelBooking(b), () => from);
              }}
              onRate={(b) =>
                rate({ rideId: b.rideId, rateeId: b.driverId, rateeName: b.driver.name || 'Driver' })
              }
            />
          </Tabs.Content>

          <Tabs.Content
            value="requests"
            className="mt-4 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            <h2 className="sr-only">Ride Requests</h2>
            {rideRequests.length === 0 ? (
              <EmptyState
                icon={<Inbox className="h-10 w-10" />}
                title="No ride requests yet"
                text="Passengers will appear here when they book your rides"
              />
            ) : (
              <ul className="space-y-4">
                {rideRequests.map((b) => (
                  <RequestCard
                    key={b.id}
                    booking={b}
                    busy={actions.isBusy(b.id)}
                    rated={isRated(b.rideId, b.passengerId)}
                    onView={() => openDialog({ kind: 'booking', booking: b, as: 'driver' })}
                    onConfirm={() => {
                      const from = focused();
                      act(actions.acceptBooking(b), () => from);
                    }}
                    onReject={() => {
                      const from = focused();
                      act(actions.rejectBooking(b), () => from);
                    }}
                    onRate={() =>
                      rate({ rideId: b.rideId, rateeId: b.passengerId, rateeName: passengerName(b) })
                    }
                  />
                ))}
              </ul>
            )}
          </Tabs.Content>
        </Tabs.Root>
      )}

      <Suspense fallback={null}>
        {dialog?.kind === 'ride' ? <RideDetailsDialog ride={dialog.ride} onClose={closeDialog} /> : null}
        {dialog?.kind === 'edit' ? <EditRideDialog ride={dialog.ride} onClose={closeDialog} /> : null}
        {dialog?.kind === 'booking' ? (
          <BookingDetailsDialog booking={dialog.booking} as={dialog.as} onClose={closeDialog} />
        ) : null}
        {dialog?.kind === 'rate' ? (
          <RateExperienceDialog
            open
            onOpenChange={(open) => !open && closeDialog()}
            {...dialog.target}
            onRated={() =>
              setRated((prev) => new Set(prev).add(`${dialog.target.rideId}:${dialog.target.rateeId}`))
            }
          />
        ) : null}
      </Suspense>
    </div>
  );
}
