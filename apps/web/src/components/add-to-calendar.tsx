import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { downloadFile } from '@/lib/download';
import { notify } from '@/lib/notify';
import { refusalOr } from '@/lib/refusal';

interface Props {
  /** The API path of the .ics, e.g. /bookings/{id}/calendar.ics. */
  path: string;
  filename: string;
  /** What the button is for, read after its label ("Add to calendar, Pune to Mumbai"). */
  describedBy?: string;
}

/** "Add to calendar": downloads the .ics with the session's token (commuters live in their calendars). */
export function AddToCalendar({ path, filename, describedBy }: Props) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(path, filename);
    } catch (err) {
      notify.error(refusalOr(err, 'Failed to download the calendar file'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => void download()}
      disabled={busy}
      aria-describedby={describedBy}
    >
      <CalendarPlus aria-hidden="true" className="h-4 w-4" />
      Add to calendar
    </Button>
  );
}
