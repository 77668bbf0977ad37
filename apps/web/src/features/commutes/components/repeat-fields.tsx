import { Repeat } from 'lucide-react';
import { InputField } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { COMMUTE_DAYS, type CommuteDay } from '@saathchalo/shared';
import { dayLong, dayShort, formatDays, nextMorningHint, returnWhen } from '../utils/days';
import { latestEndDate, type RepeatChoice, type RepeatErrors } from '../utils/repeat-rules';

interface Props {
  value: RepeatChoice;
  onChange(next: RepeatChoice): void;
  errors: RepeatErrors;
  /** The offer's date and time, the first ride of the commute. */
  startDate: string;
  departureTime: string;
}

const chip =
  'h-11 min-w-12 rounded-full border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** Seven toggle buttons, one a weekday; the chosen days in week order. */
export function DayChips({
  days,
  onChange,
  only,
}: {
  days: readonly CommuteDay[];
  onChange(days: CommuteDay[]): void;
  /** The days that can be chosen at all (a commute's own days); every day when not given. */
  only?: readonly CommuteDay[] | undefined;
}) {
  const toggle = (d: CommuteDay) =>
    onChange(
      days.includes(d)
        ? days.filter((x) => x !== d)
        : COMMUTE_DAYS.filter((x) => x === d || days.includes(x)),
    );
  return (
    // The fieldset around the chips names them as a group ("Repeat on").
    <div className="flex flex-wrap gap-2">
      {COMMUTE_DAYS.filter((d) => !only || only.includes(d)).map((d) => {
        const on = days.includes(d);
        return (
          <button
            key={d}
            type="button"
            aria-pressed={on}
            onClick={() => toggle(d)}
            className={cn(
              chip,
              on
                ? 'border-blue-700 bg-blue-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
            )}
          >
            {/* The name is the text shown (WCAG 2.5.3); the whole day is the abbreviation's title. */}
            <abbr title={dayLong(d)} className="no-underline">
              {dayShort(d)}
            </abbr>
          </button>
        );
      })}
    </div>
  );
}

function summary({ days, returnTime, endDate }: RepeatChoice, departureTime: string): string {
  const times = returnTime
    ? `${departureTime || '--:--'}, returning ${returnWhen(departureTime, returnTime)}`
    : departureTime || '--:--';
  const until = endDate ? `until ${formatDate(endDate)}` : 'until you stop it';
  return `Repeats ${formatDays(days)} at ${times}, ${until}.`;
}

/**
 * "Repeat on": weekday chips (toggle buttons), a return time and a last day. With a day chosen the offer
 * becomes a commute, whose rides are kept two weeks ahead by the server.
 */
export function RepeatFields({ value, onChange, errors, startDate, departureTime }: Props) {
  const repeating = value.days.length > 0;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 flex items-center gap-2 text-base font-semibold text-slate-900">
        <Repeat aria-hidden="true" className="h-4 w-4" />
        Repeat on
      </legend>
      <p className="text-sm text-slate-700">
        Driving this way every week? Pick the days and we offer each ride for you.
      </p>
      <DayChips days={value.days} onChange={(days) => onChange({ ...value, days })} />
      {repeating ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            type="time"
            label="Return time (optional)"
            hint={nextMorningHint(departureTime, value.returnTime) ?? 'The same route back, on the same days'}
            error={errors.returnTime}
            value={value.returnTime}
            onChange={(e) => onChange({ ...value, returnTime: e.target.value })}
          />
          <InputField
            type="date"
            label="Until (optional)"
            hint="At most 6 months; leave empty to repeat until you stop it"
            min={startDate || undefined}
            max={latestEndDate()}
            error={errors.endDate}
            value={value.endDate}
            onChange={(e) => onChange({ ...value, endDate: e.target.value })}
          />
          <p className="text-sm text-slate-800 sm:col-span-2" aria-live="polite">
            {summary(value, departureTime)}
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}
