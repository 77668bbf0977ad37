import { ERR, istTime, MSG, rideForm } from '@saathchalo/shared';
import { todayIst } from './today';

type Issue = { path?: PropertyKey[] | undefined };
/** Run a cross-field rule only when the fields it reads are valid on their own. */
const whenValid =
  (...names: string[]) =>
  (payload: { issues: readonly Issue[] }) =>
    !payload.issues.some((i) => names.includes(String(i.path?.[0])));

/** The offer form: the shared schema plus the rules that need a clock (date not earlier than today, IST). */
export const offerRideForm = rideForm
  .refine((v) => v.departureDate >= todayIst(), {
    message: MSG.dateInPast,
    path: ['departureDate'],
    when: whenValid('departureDate'),
  })
  .refine((v) => v.departureDate !== todayIst() || v.departureTime > istTime(Date.now()), {
    message: MSG.timeInPast,
    path: ['departureTime'],
    when: whenValid('departureDate', 'departureTime'),
  });

/**
 * The offer form when "Repeat on" makes it a commute: the date is its first day, not before today, but
 * today's time may have passed (made on Friday evening, its rides start on Monday, as the server makes
 * them); refusing it as a passed departure would turn away a commute the server accepts.
 */
export const repeatOfferForm = rideForm.refine((v) => v.departureDate >= todayIst(), {
  message: MSG.dateInPast,
  path: ['departureDate'],
  when: whenValid('departureDate'),
});

/** Edit ride (specification section 5): the shared rules, seats not below those already booked, date not before today (IST). */
export const editRideForm = (bookedSeats: number) =>
  rideForm
    .refine((v) => Number(v.passengers) >= bookedSeats, {
      message: ERR.seatsBelowBooked,
      path: ['passengers'],
      when: whenValid('passengers'),
    })
    .refine((v) => v.departureDate >= todayIst(), {
      message: MSG.dateInPast,
      path: ['departureDate'],
      when: whenValid('departureDate'),
    });
