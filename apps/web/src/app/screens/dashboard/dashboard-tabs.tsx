import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { DashboardTab } from '@/config/paths';
import { MyBookingsPanel, passengerName, RideRequestsPanel, useBookingActions } from '@/features/bookings';
import { MyRidesPanel, rideMenuId, useRideActions } from '@/features/rides';
import { restoreFocus } from '@/lib/focus';
import type { DashboardData } from './use-dashboard-data';
import type { DashboardDialogs } from './use-dashboard-dialogs';

const tabClass =
  'rounded-lg px-2 py-2.5 text-center leading-tight text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 data-[state=active]:bg-white data-[state=active]:text-blue-800 data-[state=active]:shadow-sm';

const focused = () => document.activeElement as HTMLElement | null;
const menuOf = (rideId: string) => () => document.getElementById(rideMenuId(rideId));
/** Runs a prompted action, then puts focus back (on `from`, or the selected tab when it is gone). */
const act = (run: Promise<void>, from: () => HTMLElement | null) =>
  void run.finally(() => restoreFocus(from));
/** Acts from the focused button, which gets the focus back. */
const actHere = (run: () => Promise<void>) => {
  const from = focused();
  act(run(), () => from);
};

function Panel({ value, title, children }: { value: string; title: string; children: ReactNode }) {
  return (
    <Tabs.Content value={value} className="mt-4 focus-visible:outline-2 focus-visible:outline-blue-600">
      <h2 className="sr-only">{title}</h2>
      {children}
    </Tabs.Content>
  );
}

const tabs: readonly DashboardTab[] = ['rides', 'bookings', 'requests'];
/** The tab a link names (`?tab=bookings` after a booking), else My Rides (specification: the default). */
const openingTab = (asked: string | null): DashboardTab => tabs.find((t) => t === asked) ?? 'rides';

/** My Rides, My Bookings and Ride Requests, each list with its actions. */
export function DashboardTabs({ data, dialogs }: { data: DashboardData; dialogs: DashboardDialogs }) {
  const [params] = useSearchParams();
  const rides = useRideActions(data.out);
  const bookings = useBookingActions(data.out);
  const isBusy = (id: string) => rides.isBusy(id) || bookings.isBusy(id);
  const { isRated, open } = dialogs;
  const rate = (rideId: string, rateeId: string, rateeName: string) =>
    open({ kind: 'rate', target: { rideId, rateeId, rateeName } });

  return (
    <Tabs.Root defaultValue={openingTab(params.get('tab'))} className="mt-8">
      <Tabs.List
        aria-label="Your rides and bookings"
        className="grid grid-cols-3 gap-1 rounded-xl bg-slate-200/70 p-1"
      >
        <Tabs.Trigger value="rides" className={tabClass}>
          My Rides ({data.myRides.length})
        </Tabs.Trigger>
        <Tabs.Trigger value="bookings" className={tabClass}>
          My Bookings ({data.myBookings.length})
        </Tabs.Trigger>
        <Tabs.Trigger value="requests" className={tabClass}>
          Ride Requests ({data.rideRequests.length})
        </Tabs.Trigger>
      </Tabs.List>
      <Panel value="rides" title="My Rides">
        <MyRidesPanel
          rides={data.myRides}
          isBusy={isBusy}
          isRated={isRated}
          onDetails={(ride) => open({ kind: 'ride', ride })}
          onEdit={(ride) => open({ kind: 'edit', ride }, menuOf(ride.id)())}
          onStatus={(ride, next) => act(rides.changeStatus(ride, next), menuOf(ride.id))}
          onDelete={(ride) => act(rides.deleteRide(ride), menuOf(ride.id))}
          onRatePassenger={(ride, b) => rate(ride.id, b.passengerId, passengerName(b))}
        />
      </Panel>
      <Panel value="bookings" title="My Bookings">
        <MyBookingsPanel
          open={data.myBookings}
          cancelled={data.cancelledBookings}
          isBusy={isBusy}
          isRated={isRated}
          onView={(b) => open({ kind: 'booking', booking: b, as: 'passenger' })}
          onCancel={(b) => actHere(() => bookings.cancelBooking(b))}
          onRate={(b) => rate(b.rideId, b.driverId, b.driver.name || 'Driver')}
          out={data.out}
        />
      </Panel>
      <Panel value="requests" title="Ride Requests">
        <RideRequestsPanel
          requests={data.rideRequests}
          isBusy={isBusy}
          isRated={isRated}
          onView={(b) => open({ kind: 'booking', booking: b, as: 'driver' })}
          onConfirm={(b) => actHere(() => bookings.acceptBooking(b))}
          onReject={(b) => actHere(() => bookings.rejectBooking(b))}
          onRate={(b) => rate(b.rideId, b.passengerId, passengerName(b))}
        />
      </Panel>
    </Tabs.Root>
  );
}
