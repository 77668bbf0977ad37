import { Star } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { RATING_LABELS } from '@saathchalo/shared';

interface Props {
  /** Prefix of the radio group's name and of the error's id. */
  id: string;
  value: number;
  onChange(value: number): void;
  error?: string | undefined;
}

/** Five labelled stars as a radio group; hovering previews a value and its label. */
export function StarRating({ id, value: rating, onChange, error }: Props) {
  const [hover, setHover] = useState(0);
  const shown = hover || rating;
  return (
    <fieldset aria-describedby={error ? `${id}-rating-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">Your rating</legend>
      <div className="flex items-center gap-1" onMouseLeave={() => setHover(0)}>
        {RATING_LABELS.map((label, i) => {
          const value = i + 1;
          return (
            <label
              key={label}
              className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600"
              onMouseEnter={() => setHover(value)}
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => onChange(value)}
                className="sr-only"
                aria-label={label}
              />
              <Star
                aria-hidden="true"
                className={cn('h-8 w-8', value <= shown ? 'fill-amber-400 text-amber-500' : 'text-slate-400')}
              />
            </label>
          );
        })}
        <span className="ml-2 text-sm font-medium text-slate-800" aria-hidden="true">
          {shown ? RATING_LABELS[shown - 1] : ''}
        </span>
      </div>
      {error ? (
        <p id={`${id}-rating-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
