import { useQueryClient } from '@tanstack/react-query';
import { isMorningReturn, shiftDays, type CommuteDay, type Ride } from '@saathchalo/shared';
import { commuteQuery, useCommute } from '../api/get-commute';
import { segmentOf, standingTerms, type StandingTerms } from '../utils/standing-terms';

/**
 * The commute of a ride found (its times, and the viewer's standing booking on it) and the terms Book
 * every ride sends for the days chosen on that ride.
 */
export function useStandingTerms(ride: Ride) {
  const commute = useCommute(ride.commuteId!);
  const qc = useQueryClient();
  const termsFor = async (days: CommuteDay[]): Promise<StandingTerms> => {
    // A tap before the commute has loaded waits for it; without it the booking is this way only.
    const c =
      commute.data ??
      (await qc.fetchQuery(commuteQuery(ride.commuteId!)).catch(() => undefined));
    // A standing booking names commute days: a night shift's morning return belongs to the night before.
    const nextMorning = !!c && isMorningReturn(ride, c.departureTime);
    return standingTerms(c?.subscription, {
      days: nextMorning ? shiftDays(days, -1) : days,
      ...(ride.direction ? { direction: ride.direction } : {}),
      ...segmentOf(ride),
    });
  };
  return { commute, termsFor };
}
