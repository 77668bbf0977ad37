import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LEN, REPORT_REASONS, reportBody } from '@saathchalo/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField, TextAreaField } from '@/components/ui/field';
import { notify } from '@/lib/notify';
import { refusalOr } from '@/lib/refusal';
import { zodResolver } from '@hookform/resolvers/zod';
import { useReportUser } from '../api/report-user';
import { REASON_LABELS, SAFETY_TEXT } from '../safety-text';

type ReportIn = z.input<typeof reportBody>;
type ReportOut = z.output<typeof reportBody>;

const FAILED = 'Failed to send the report. Please try again.';
const reasonOptions = [
  { value: '', label: 'Choose a reason' },
  ...REPORT_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] })),
];

/** Report a person: a reason and what happened, kept for the safety team and mailed to support. */
export function ReportDialog({ userId, name, onClose }: { userId: string; name: string; onClose(): void }) {
  const report = useReportUser();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ReportIn, unknown, ReportOut>({
    resolver: zodResolver(reportBody),
    defaultValues: { reason: '' as ReportIn['reason'], details: '' },
  });
  const onSubmit = (v: ReportOut) => {
    setFailure(null);
    report.mutate(
      { userId, ...v },
      {
        onSuccess: () => {
          notify.success(SAFETY_TEXT.reported);
          onClose();
        },
        onError: (err) => setFailure(refusalOr(err, FAILED)),
      },
    );
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !report.isPending && onClose()}
      title={`Report ${name}`}
      description="Tell us what happened. Reports are private: the person is not told who reported them."
    >
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <SelectField
          label="Reason"
          options={reasonOptions}
          error={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
        <TextAreaField
          label="Details"
          rows={4}
          maxLength={LEN.reportDetails}
          error={form.formState.errors.details?.message}
          {...form.register('details')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={report.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={report.isPending}>
            {report.isPending ? 'Sending...' : 'Send report'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
