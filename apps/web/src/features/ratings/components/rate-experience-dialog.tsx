import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { COMMENT_MAX, ERR_CODE, ratingBody } from '@saathchalo/shared';
import { useSubmitRating } from '../api/submit-rating';
import { refusalOr } from '@/lib/refusal';
import { StarRating } from './star-rating';

export interface RateTarget {
  rideId: string;
  rateeId: string;
  rateeName: string;
}

interface Props extends RateTarget {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Runs after a rating was accepted, or refused as one already given. */
  onRated?(): void;
}

function ratingErrorMessage(err: unknown): string {
  return err instanceof ApiError
    ? refusalOr(err, 'Failed to submit rating')
    : 'Failed to submit rating. Please try again.';
}

/** Rate your experience: five labelled stars (a radio group), an optional comment of up to 500 characters. */
export function RateExperienceDialog({ open, onOpenChange, rideId, rateeId, rateeName, onRated }: Props) {
  const id = useId();
  const submit = useSubmitRating();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = ratingBody.safeParse({ rating: rating || undefined, comment, rideId, rateeId });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'rating' || key === 'comment') && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    submit.mutate(parsed.data, {
      onSuccess: (res) => {
        notify.success(res.message || 'Rating submitted successfully');
        onOpenChange(false);
        onRated?.();
      },
      onError: (err) => {
        const message = ratingErrorMessage(err);
        setFailure(message);
        notify.error(message);
        // Rated in an earlier visit (the screen only remembers this one's): the refusal is shown, and the
        // booking stops offering a rating the server will always refuse.
        if (err instanceof ApiError && err.code === ERR_CODE.alreadyRated) onRated?.();
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rate your experience"
      description={`How was your ride with ${rateeName}?`}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <StarRating id={id} value={rating} onChange={setRating} error={errors.rating} />
        <TextAreaField
          label="Comment (optional)"
          rows={3}
          maxLength={COMMENT_MAX}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          error={errors.comment}
          placeholder="Share a few words about the ride"
        />
        <p className="-mt-2 text-right text-xs text-slate-600">
          {comment.length}/{COMMENT_MAX}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={submit.isPending}>
            {submit.isPending ? 'Submitting...' : 'Submit Rating'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
