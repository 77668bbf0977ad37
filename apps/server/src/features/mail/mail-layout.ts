import { escapeHtml } from '../../lib/html.js';
import type { OutgoingMail } from './outbox.repo.js';

/** The one HTML frame of every mail: a title, the paragraphs, a button, and its address for mail apps that hide buttons. */
export function mailLayout(
  title: string,
  paragraphs: string[],
  link: { href: string; label: string },
): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const href = escapeHtml(link.href);
  return `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #1f2937; max-width: 560px; margin: auto">
<h2>${escapeHtml(title)}</h2>
${body}
<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(link.label)}</a></p>
<p style="font-size:12px;color:#6b7280">If the button does not work, open this address: ${href}</p>
<p style="font-size:12px;color:#6b7280">SaathChalo - carpooling for commuters in India</p>
</body></html>`;
}

/** A mail of paragraphs and one link: the same words as text (the link spelled out) and in the frame. */
export function paragraphsMail(
  to: string,
  subject: string,
  lines: string[],
  link: { href: string; label: string },
): OutgoingMail {
  const text = [...lines, '', `${link.label}: ${link.href}`, '', 'SaathChalo'].join('\n');
  return { to, subject, text, html: mailLayout(subject, lines, link) };
}

/** The link most mails end with: the reader's dashboard. */
export const dashboardLink = (appUrl: string) => ({
  href: `${appUrl}/dashboard`,
  label: 'Open your dashboard',
});
