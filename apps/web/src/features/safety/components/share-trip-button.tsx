import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { refusalOr } from '@/lib/refusal';
import { useShareTrip } from '../api/share-trip';
import { SAFETY_TEXT } from '../safety-text';
import { shareMessage, tripUrl, whatsappShare } from '../utils/share-links';

const linkClass =
  'inline-flex h-9 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** The system share sheet where there is one; otherwise the link goes to the clipboard. */
async function handOut(url: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: 'My SaathChalo trip', text: shareMessage(url), url });
      return;
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return; // the user closed the sheet
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    notify.success(SAFETY_TEXT.linkCopied);
  } catch {
    notify.info(url); // no clipboard (old browser, no permission): show the link to copy by hand
  }
}

/** "Share trip" on a confirmed booking: makes the link, shares it, and offers it as a link and on WhatsApp. */
export function ShareTripButton({ bookingId }: { bookingId: string }) {
  const share = useShareTrip();
  const [url, setUrl] = useState<string | null>(null);
  const onShare = () => {
    if (url) return void handOut(url);
    share.mutate(bookingId, {
      onSuccess: (trip) => {
        if (!trip) return;
        const link = tripUrl(trip.url, trip.token, window.location.origin);
        setUrl(link);
        void handOut(link);
      },
      onError: (err) => notify.error(refusalOr(err, 'Failed to share the trip. Please try again.')),
    });
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={onShare} disabled={share.isPending}>
        <Share2 aria-hidden="true" className="h-4 w-4" />
        {share.isPending ? 'Sharing...' : 'Share trip'}
      </Button>
      {url ? (
        <>
          <a href={url} target="_blank" rel="noopener noreferrer" className={linkClass}>
            Open trip link
          </a>
          <a href={whatsappShare(url)} target="_blank" rel="noopener noreferrer" className={linkClass}>
            Share on WhatsApp
          </a>
        </>
      ) : null}
    </>
  );
}
