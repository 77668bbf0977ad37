import { formatDays, type CommuteDirection } from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import type { Trx } from '../../db/database.js';
import type { JobHandler } from '../jobs/index.js';
import { reopenJob } from '../jobs/index.js';
import { dashboardLink, enqueueMail, paragraphsMail } from '../mail/index.js';
import { findUserById } from '../users/index.js';
import { findCommute, lockCommute, type CommuteRecord } from './commutes.repo.js';
import { listSubscriptions } from './subscriptions.repo.js';

/**
 * How long after a driver's last edit the passengers are told: a driver fixing a typo or trying times
 * edits several times in a few minutes, and the passengers get one mail with where it ended, or none when
 * it ended where it began. The edits' own limit (60 in 15 minutes) bounds how long it can be put off.
 */
export const CHANGE_NOTICE_DELAY_MS = 10 * 60_000;

const routeOf = (c: CommuteRecord) => [c.from, ...c.stops.map((s) => s.place), c.to].join(', ');
const returnOf = (c: CommuteRecord) => (c.returnTime ? `back at ${c.returnTime}` : 'no return trip');
const untilOf = (c: CommuteRecord) => (c.endDate ? `until ${c.endDate}` : 'until it is stopped');
const answerOf = (c: CommuteRecord) =>
  c.instantBooking ? 'confirmed at once' : `confirmed by ${c.driver.name}`;

/** What a passenger riding it relies on, by name, as the mail says each. */
const TERMS: [string, (c: CommuteRecord) => string][] = [
  ['Route', routeOf],
  ['Days', (c) => formatDays(c.days)],
  ['Leaves at', (c) => c.departureTime],
  ['Return', returnOf],
  ['Price', (c) => `Rs ${c.pricePerSeat} a seat`],
  ['Runs', untilOf],
  ['Car', (c) => `${c.carModel}, ${c.carNumber}`],
  ['Booking', answerOf],
];

type Terms = Record<string, string>;
/** Since when the passengers have not been told, and what they were told before. */
interface Told {
  at: number;
  terms: Terms;
}

const termsOf = (c: CommuteRecord): Terms => Object.fromEntries(TERMS.map(([name, of]) => [name, of(c)]));

async function toldTermsOf(trx: Trx, commuteId: string): Promise<Told | null> {
  const row = await trx
    .selectFrom('commutes')
    .select('told_terms')
    .where('id', '=', commuteId)
    .executeTakeFirst();
  return row?.told_terms ? (JSON.parse(row.told_terms) as Told) : null;
}

const setToldTerms = (trx: Trx, commuteId: string, told: Told | null) =>
  trx
    .updateTable('commutes')
    .set({ told_terms: told && JSON.stringify(told) })
    .where('id', '=', commuteId)
    .execute();

const noticeJob = (commuteId: string, dueAt: number) => ({
  kind: 'commute-change-notice',
  subjectId: commuteId,
  dueAt,
});

/**
 * A driver's edit, in its unit of work after the commute's row is locked and written: the terms the
 * passengers knew are kept from the first edit not yet told, and the notice is due a few minutes after
 * this one.
 */
export async function noteCommuteChange(trx: Trx, before: CommuteRecord, nowMs: number): Promise<void> {
  if ((await toldTermsOf(trx, before.id)) === null) {
    await setToldTerms(trx, before.id, { at: nowMs, terms: termsOf(before) });
  }
  await reopenJob(trx, noticeJob(before.id, nowMs + CHANGE_NOTICE_DELAY_MS), nowMs);
}

/** A standing booking one way only is not told of the other way's time. */
const concerns = (direction: CommuteDirection | null, term: string) =>
  !(direction === 'OUTBOUND' && term === 'Return') && !(direction === 'RETURN' && term === 'Leaves at');

/**
 * The notice: each passenger whose standing booking goes on, and who stood on the commute before its
 * first untold edit, is mailed once what changed of what they ride on. Their next days are booked on the
 * new terms (a new time, price or car among them); the rides already booked keep the old ones. Without it
 * they found out on the morning itself. A stopped commute's passengers were told by the stop.
 */
export const commuteChangeNotice =
  (deps: Pick<AppDeps, 'config'>): JobHandler =>
  async ({ trx, now, subjectId }) => {
    await lockCommute(trx, subjectId);
    const told = await toldTermsOf(trx, subjectId);
    const c = await findCommute(trx, subjectId);
    if (!told || !c) return;
    await setToldTerms(trx, subjectId, null);
    if (c.status !== 'ACTIVE') return;
    const current = termsOf(c);
    const changes = TERMS.map(([name]) => name).filter((name) => told.terms[name] !== current[name]);
    for (const s of await listSubscriptions(trx, [c.id])) {
      if (s.createdAt > told.at) continue; // booked on the new terms already
      const lines = changes
        .filter((name) => concerns(s.direction, name))
        .map((name) => `${name}: ${current[name]} (was ${told.terms[name]}).`);
      if (lines.length > 0) await mailPassenger(deps, trx, c, s.passengerId, lines, now);
    }
  };

async function mailPassenger(
  deps: Pick<AppDeps, 'config'>,
  trx: Trx,
  c: CommuteRecord,
  passengerId: string,
  changes: string[],
  nowMs: number,
): Promise<void> {
  const passenger = await findUserById(trx, passengerId);
  if (!passenger) return;
  const lines = [
    `Hi ${passenger.firstName},`,
    `${c.driver.name} changed their commute from ${c.from} to ${c.to}:`,
    ...changes,
    'Your standing booking goes on: the rides already booked keep their old terms, and the next ones are booked as the commute is now. You can change or stop it from your dashboard.',
  ];
  const subject = `Commute changed: ${c.from} to ${c.to}`;
  await enqueueMail(
    trx,
    paragraphsMail(passenger.email, subject, lines, dashboardLink(deps.config.appUrl)),
    nowMs,
  );
}
