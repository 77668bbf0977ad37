import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { RideFormIn, RideFormOut } from '../components/ride-form-types';

const DAY = 24 * 60;

const minutesOf = (time: unknown): number | null => {
  const m = typeof time === 'string' ? /^(\d{2}):(\d{2})$/.exec(time) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

const hhmm = (minutes: number) => {
  const m = ((minutes % DAY) + DAY) % DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/**
 * A stop's time earlier than the departure means the next day (CONTRACT section 7), so a departure moved
 * later with the stops' old times kept would put every typed stop, and the passengers boarding there, a
 * day later. The typed times move with the departure instead, as the server moves them for an edit that
 * sends no stops; an estimated stop has none and is estimated again.
 */
export function useStopTimesFollowDeparture(form: UseFormReturn<RideFormIn, unknown, RideFormOut>) {
  useEffect(() => {
    let before = minutesOf(form.getValues('departureTime'));
    const subscription = form.watch((values, { name }) => {
      if (name !== 'departureTime') return;
      const now = minutesOf(values.departureTime);
      if (now === null) return;
      if (before !== null && now !== before) {
        const shift = now - before;
        (values.stops ?? []).forEach((stop, i) => {
          const at = minutesOf(stop?.time);
          if (at !== null) form.setValue(`stops.${i}.time`, hhmm(at + shift), { shouldDirty: true });
        });
      }
      before = now;
    });
    return () => subscription.unsubscribe();
  }, [form]);
}
