import {
  commuteBody,
  istDate,
  MSG,
  type CommuteBody,
  type CommuteDay,
  type StopInput,
} from '@saathchalo/shared';

/** What the "Repeat on" choice holds: no day chosen means a single ride. */
export interface RepeatChoice {
  days: CommuteDay[];
  returnTime: string;
  endDate: string;
}

export const noRepeat: RepeatChoice = { days: [], returnTime: '', endDate: '' };

export type RepeatErrors = Partial<Record<'returnTime' | 'endDate', string>>;

/** The ride fields of the offer form, as its schema reads them. */
export interface RideValues {
  from: string;
  to: string;
  departureDate: string;
  departureTime: string;
  passengers: number;
  pricePerSeat: number;
  carModel: string;
  carNumber: string;
  additionalInfo: string | null;
  instantBooking?: boolean | undefined;
  womenOnly?: boolean | undefined;
  stops?: StopInput[] | undefined;
}

const END_MAX_MONTHS = 6;

/** The latest last day of a commute: six calendar months after today (IST). */
export function latestEndDate(nowMs = Date.now()): string {
  const [y, m, d] = istDate(nowMs).split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y, m - 1 + END_MAX_MONTHS, d));
  // 31 August + 6 months is 3 March in Date's arithmetic; the month's last day is meant.
  if (end.getUTCDate() !== d) end.setUTCDate(0);
  return end.toISOString().slice(0, 10);
}

/** The commute a repeated offer creates (POST /commutes): the first day is the offer's date. */
export function toCommuteBody(choice: RepeatChoice, ride: RideValues): CommuteBody {
  return {
    from: ride.from,
    to: ride.to,
    // The stops typed above "Repeat on" are the commute's too; none sends the body it always was.
    ...(ride.stops?.length ? { stops: ride.stops } : {}),
    days: choice.days,
    departureTime: ride.departureTime,
    returnTime: choice.returnTime || null,
    startDate: ride.departureDate,
    endDate: choice.endDate || null,
    seats: ride.passengers,
    pricePerSeat: ride.pricePerSeat,
    carModel: ride.carModel,
    carNumber: ride.carNumber,
    additionalInfo: ride.additionalInfo,
    instantBooking: ride.instantBooking ?? false,
    // Section 9: a women-only offer repeated makes a women-only commute; otherwise the body it always was.
    ...(ride.womenOnly ? { womenOnly: true } : {}),
  };
}

/** The repeat fields' messages: the shared commute schema's, plus the end date within 6 months (a clock rule). */
export function repeatIssues(choice: RepeatChoice, ride: RideValues): RepeatErrors {
  const errors: RepeatErrors = {};
  const parsed = commuteBody.safeParse(toCommuteBody(choice, ride));
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if ((field === 'returnTime' || field === 'endDate') && !errors[field]) errors[field] = issue.message;
  }
  if (!errors.endDate && choice.endDate && choice.endDate > latestEndDate())
    errors.endDate = MSG.commuteEndTooFar;
  return errors;
}
