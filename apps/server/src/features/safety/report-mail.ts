import type { ReportReason } from '@saathchalo/shared';
import { mailLayout, type OutgoingMail } from '../mail/index.js';
import type { Person } from './blocks.repo.js';

const REASON_TEXT: Record<ReportReason, string> = {
  UNSAFE_DRIVING: 'Unsafe driving',
  NO_SHOW: 'No-show',
  HARASSMENT: 'Harassment',
  FAKE_PROFILE: 'Fake profile',
  OTHER: 'Other',
};

/**
 * A report for the moderators at SUPPORT_EMAIL: who reported whom, with the contact details support needs
 * to follow up (this mail goes to staff only, never to either user).
 */
export function reportMail(
  appUrl: string,
  supportEmail: string,
  report: { id: string; reason: ReportReason; details: string | null },
  reporter: Person,
  reported: Person,
): OutgoingMail {
  const lines = [
    `Report ${report.id}: ${REASON_TEXT[report.reason]} (${report.reason}).`,
    `Reported user: ${reported.name} (id ${reported.id}, ${reported.email}, phone ${reported.phone}).`,
    `Reported by: ${reporter.name} (id ${reporter.id}, ${reporter.email}, phone ${reporter.phone}).`,
    `Details: ${report.details ?? '(none given)'}`,
  ];
  // The web app has no moderation screen yet: the ids above are what support looks up.
  const link = appUrl;
  return {
    to: supportEmail,
    subject: `Report: ${REASON_TEXT[report.reason]} - ${reported.name}`,
    lane: 'notification',
    text: `${lines.join('\n\n')}\n`,
    html: mailLayout('A user was reported', lines, { href: link, label: 'Open SaathChalo' }),
  };
}
