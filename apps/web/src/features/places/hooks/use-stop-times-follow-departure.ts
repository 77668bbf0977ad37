import { useEffect } from 'react';
import { minutesOf, timeMovedBy } from '@/lib/time-of-day';
import type { RouteForm } from '../route-form';

/**
 * A stop's time earlier than the departure means the next day (CONTRACT section 7), so a departure moved
 * later with the stops' old times kept would put every typed stop, and the passengers boarding there, a
 * day later. The typed times move with the departure instead, as the server moves them for an edit that
 * sends no stops; an estimated stop has none and is estimated again.
 */
export function useStopTimesFollowDeparture(form: RouteForm) {
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
          if (at !== null) form.setValue(`stops.${i}.time`, timeMovedBy(at, shift), { shouldDirty: true });
        });
      }
      before = now;
    });
    return () => subscription.unsubscribe();
  }, [form]);
}
