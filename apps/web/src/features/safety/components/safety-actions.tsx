import { Ban, Flag } from 'lucide-react';
import { Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm';
import { useDialogOpener } from '@/components/ui/use-dialog-opener';
import { notify } from '@/lib/notify';
import { refusalOr } from '@/lib/refusal';
import { useBlockUser } from '../api/blocks';
import { SAFETY_TEXT } from '../safety-text';
import { loadReportDialog, ReportDialog } from './lazy-report';

/** Report and Block for a person, from their profile or a booking with them. */
export function SafetyActions({
  userId,
  name,
  onBlocked,
}: {
  userId: string;
  name: string;
  onBlocked?(): void;
}) {
  const confirm = useConfirm();
  const block = useBlockUser();
  // The report form opens once its code is in; offline the screen stays and the network message shows.
  const reporting = useDialogOpener<true>(loadReportDialog);
  const onBlock = async () => {
    const ok = await confirm({
      title: `Block ${name}?`,
      description:
        'You will not see each other’s rides and cannot book each other, and your bookings together on rides still to come are cancelled. You can unblock them from your profile.',
      confirmLabel: 'Block',
      destructive: true,
    });
    if (!ok) return;
    block.mutate(userId, {
      onSuccess: () => {
        notify.success(SAFETY_TEXT.blocked);
        onBlocked?.();
      },
      onError: (err) => notify.error(refusalOr(err, 'Failed to block. Please try again.')),
    });
  };
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => void reporting.open(true)}
        aria-label={`Report ${name}`}
      >
        <Flag aria-hidden="true" className="h-4 w-4" /> Report
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={onBlock}
        disabled={block.isPending}
        aria-label={`Block ${name}`}
      >
        <Ban aria-hidden="true" className="h-4 w-4" /> Block
      </Button>
      {reporting.value ? (
        <Suspense fallback={null}>
          <ReportDialog userId={userId} name={name} onClose={reporting.close} />
        </Suspense>
      ) : null}
    </>
  );
}
