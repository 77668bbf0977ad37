import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { DashboardDialogs } from './dashboard-dialogs';
import { DashboardHeader, DashboardStats } from './dashboard-header';
import { DashboardTabs } from './dashboard-tabs';
import { useDashboardData } from './use-dashboard-data';
import { useDashboardDialogs } from './use-dashboard-dialogs';

/** The signed-in user's rides, bookings and requests: composes the rides, bookings and ratings features. */
export function DashboardScreen() {
  const session = useSession();
  const data = useDashboardData(Boolean(session?.token));
  const dialogs = useDashboardDialogs();

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

  const { myRides, myBookings, rideRequests, error, refreshing } = data;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <DashboardHeader
        name={session.firstName || session.name || 'User'}
        rides={myRides.length}
        bookings={myBookings.length + rideRequests.length}
        refreshing={refreshing}
        onRefresh={() => void data.refresh()}
      />
      <DashboardStats
        ridesOffered={myRides.length}
        bookingsMade={myBookings.length}
        rating={data.rating ?? session.rating ?? 0}
      />

      {error ? (
        <Alert className="mt-6 flex flex-wrap items-center justify-between gap-2">
          <span>{error}</span>
          {data.retryable ? (
            <Button size="sm" variant="outline" onClick={() => void data.refresh()} disabled={refreshing}>
              Try again
            </Button>
          ) : null}
        </Alert>
      ) : null}

      {data.loading ? (
        <div className="flex justify-center p-10">
          <Spinner label="Loading your rides and bookings" />
        </div>
      ) : (
        <DashboardTabs data={data} dialogs={dialogs} />
      )}

      <DashboardDialogs dialogs={dialogs} />
    </div>
  );
}
