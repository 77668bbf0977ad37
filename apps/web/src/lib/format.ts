// Made on first use: the first Intl formatters of a page load the locale's data, about 100 ms of main
// thread on Lighthouse's 4x slower phone, and screens that import this module (Find a Ride) need
// them only once results arrive.
let rupees: Intl.NumberFormat | undefined;
let dateFmt: Intl.DateTimeFormat | undefined;

/** Amounts in rupees, Indian grouping: ₹1,25,000. */
export const formatRupees = (amount: number): string =>
  (rupees ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 })).format(amount);

/** A ride's YYYY-MM-DD date in the Indian locale (the date is already IST wall-clock). */
export function formatDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  dateFmt ??= new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return dateFmt.format(d);
}

/** HH:mm (24 h) shown as 9:05 am. */
export function formatTime(time: string): string {
  const [h, m] = time.split(':').map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return time;
  const suffix = h >= 12 ? 'pm' : 'am';
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${suffix}`;
}

/**
 * "9:10 am", or with its day when that is not `day`: a stop reached after midnight on a late ride is the
 * next day's, and its hour alone sends the passenger there a day early.
 */
export function timeOnDay(date: string | null | undefined, time: string, day: string): string {
  return `${date && date !== day ? `${formatDate(date)}, ` : ''}${formatTime(time)}`;
}
