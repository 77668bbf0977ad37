import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { SEATS_MAX, SEATS_MIN } from '@saathchalo/shared';

interface SeatsStepperProps {
  value: number;
  onChange(value: number): void;
  label?: string;
  min?: number;
  max?: number;
  error?: string | undefined;
}

/** Seats 1 to 8 (specification section 9) with labelled buttons; the count is announced as it changes. */
export function SeatsStepper({
  value,
  onChange,
  label = 'Available Seats',
  min = SEATS_MIN,
  max = SEATS_MAX,
  error,
}: SeatsStepperProps) {
  const id = useId();
  const btn =
    'inline-flex h-11 w-11 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="space-y-1">
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-800">
        {label}
      </span>
      <div className="flex items-center gap-3">
        <button
          type="button"
          className={btn}
          aria-label="Decrease seats"
          disabled={value <= min}
          onClick={() => onChange(Math.max(min, value - 1))}
        >
          <Minus aria-hidden="true" className="h-4 w-4" />
        </button>
        <output aria-live="polite" aria-label="Seats" className="min-w-8 text-center text-lg font-semibold">
          {value}
        </output>
        <button
          type="button"
          className={btn}
          aria-label="Increase seats"
          disabled={value >= max}
          onClick={() => onChange(Math.min(max, value + 1))}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
