import type { CommuteDay } from '@saathchalo/shared';

/*
 * iCalendar (RFC 5545) text for a booking or a commute: CRLF line ends, lines folded at 75 octets,
 * TEXT values escaped, times in IST with the Asia/Kolkata VTIMEZONE (no daylight saving: one STANDARD
 * block). No ORGANIZER: nobody is invited, the event is only the traveller's own note.
 */

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Asia/Kolkata',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0530',
  'TZOFFSETTO:+0530',
  'TZNAME:IST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

export const escapeText = (v: string) =>
  v.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds a content line at 75 octets (never inside a UTF-8 sequence), continuation lines start with a space. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const local = (date: string, time: string) => `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
const utcStamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface CalendarEvent {
  uid: string;
  date: string;
  time: string;
  minutes: number;
  summary: string;
  location: string;
  description: string;
  /**
   * Weekly on these days, for a commute: `date` must be one of them (RFC 5545 counts DTSTART as an
   * occurrence); until an instant (UTC ms, inclusive) or forever; `except` the dates of skipped ones.
   */
  repeat?: { days: readonly CommuteDay[]; until: number | null; except: readonly string[] };
  /** For one occurrence of a repeating event (same uid) that happens otherwise: its date and time in the series. */
  recurrenceId?: { date: string; time: string };
}

const RRULE_DAY: Record<CommuteDay, string> = {
  MON: 'MO',
  TUE: 'TU',
  WED: 'WE',
  THU: 'TH',
  FRI: 'FR',
  SAT: 'SA',
  SUN: 'SU',
};

function eventLines(e: CalendarEvent, stampMs: number): string[] {
  const start = Date.parse(`${e.date}T${e.time}:00Z`);
  const end = new Date(start + e.minutes * 60_000).toISOString();
  const lines = [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${utcStamp(stampMs)}`,
    ...(e.recurrenceId
      ? [`RECURRENCE-ID;TZID=Asia/Kolkata:${local(e.recurrenceId.date, e.recurrenceId.time)}`]
      : []),
    `DTSTART;TZID=Asia/Kolkata:${local(e.date, e.time)}`,
    `DTEND;TZID=Asia/Kolkata:${local(end.slice(0, 10), end.slice(11, 16))}`,
  ];
  if (e.repeat) {
    const until = e.repeat.until === null ? '' : `;UNTIL=${utcStamp(e.repeat.until)}`;
    lines.push(`RRULE:FREQ=WEEKLY;BYDAY=${e.repeat.days.map((d) => RRULE_DAY[d]).join(',')}${until}`);
    // One per skipped occurrence, at the occurrence's own start (same TZID and time as DTSTART).
    for (const d of e.repeat.except) lines.push(`EXDATE;TZID=Asia/Kolkata:${local(d, e.time)}`);
  }
  lines.push(
    `SUMMARY:${escapeText(e.summary)}`,
    `LOCATION:${escapeText(e.location)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    'END:VEVENT',
  );
  return lines;
}

/** A whole VCALENDAR with its events, as the bytes of a `.ics` file. */
export function calendarText(events: CalendarEvent[], stampMs: number): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//SaathChalo//Commuter mode//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...VTIMEZONE,
    ...events.flatMap((e) => eventLines(e, stampMs)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
