import { Repeat } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useDialogOpener } from '@/components/ui/use-dialog-opener';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { restoreFocus } from '@/lib/focus';
import { notify } from '@/lib/notify';
import { refusalOr } from '@/lib/refusal';
import { useMyCommutes } from '../api/get-my-commutes';
import { type Commute } from '@saathchalo/shared';
import { useCommuteActions } from '../hooks/use-commute-actions';
import { CommuteCard } from './commute-card';
import { afterSkip } from './commute-rides';
import { EditCommuteDialog, loadEditCommuteDialog } from './commute-dialogs';

function CommuteList({ commutes, onEdit }: { commutes: Commute[]; onEdit(c: Commute): void }) {
  const [banner, setBanner] = useState<string | null>(null);
  const actions = useCommuteActions({
    report: (message) => {
      setBanner(message);
      notify.error(message);
    },
    clearReport: () => setBanner(null),
  });
  if (commutes.length === 0)
    return (
      <EmptyState
        icon={<Repeat className="h-10 w-10" />}
        title="No commutes yet"
        text="Offer a ride and pick the days it repeats on: we offer each ride for you, two weeks ahead."
        action={<ButtonLink to={paths.offerRide}>Offer a Ride</ButtonLink>}
      />
    );
  return (
    <>
      {banner ? <Alert className="mb-4">{banner}</Alert> : null}
      <ul className="space-y-4">
        {commutes.map((c) => (
          <CommuteCard
            key={c.id}
            commute={c}
            isBusy={actions.isBusy}
            onEdit={onEdit}
            onStop={(x) => void actions.stopCommute(x)}
            onSkip={(r) => void actions.skipDay(r).finally(() => restoreFocus(() => afterSkip(r.id)))}
          />
        ))}
      </ul>
    </>
  );
}

/** The driver's commutes: each with its next rides, booked seats per day, skip a day, edit and stop. */
export function MyCommutesScreen() {
  const commutes = useMyCommutes();
  // The edit form opens once its code is in; offline the list stays and the network message shows.
  const editing = useDialogOpener<Commute>(loadEditCommuteDialog);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My Commutes</h1>
      <p className="mt-1 text-slate-700">Rides that repeat every week, offered two weeks ahead.</p>
      <div className="mt-6">
        {commutes.isPending ? (
          <div className="flex justify-center p-10">
            <Spinner label="Loading your commutes" />
          </div>
        ) : commutes.isError ? (
          <Alert className="flex flex-wrap items-center justify-between gap-2">
            <span>{refusalOr(commutes.error, 'Failed to load your commutes')}</span>
            <Button size="sm" variant="outline" onClick={() => void commutes.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <CommuteList commutes={commutes.data} onEdit={(c) => void editing.open(c)} />
        )}
      </div>
      {editing.value ? (
        <Suspense fallback={null}>
          <EditCommuteDialog commute={editing.value} onClose={editing.close} />
        </Suspense>
      ) : null}
    </div>
  );
}
