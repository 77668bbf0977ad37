import { ERR, istDate, MSG, rideForm } from '@saathchalo/shared';

type Issue = { path?: PropertyKey[] | undefined };
const whenValid =
  (...names: string[]) =>
  (payload: { issues: readonly Issue[] }) =>
    !payload.issues.some((i) => names.includes(String(i.path?.[0])));

/** Edit ride (specification section 5): the shared rules, seats not below those already booked, date not before today (IST). */
export const editRideForm = (bookedSeats: number) =>
  rideForm
    .refine((v) => Number(v.passengers) >= bookedSeats, {
      message: ERR.seatsBelowBooked,
      path: ['passengers'],
      when: whenValid('passengers'),
    })
    .refine((v) => v.departureDate >= istDate(Date.now()), {
      message: MSG.dateInPast,
      path: ['departureDate'],
      when: whenValid('departureDate'),
    });

/** Today's date in India, for the date field's `min`. */
export const todayIst = () => istDate(Date.now());
