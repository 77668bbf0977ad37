import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { CapturedMail } from './mail-capture.js';

function all(dir: string): CapturedMail[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as CapturedMail);
}

/**
 * Waits for a mail to `to` whose subject matches (the outbox worker sends asynchronously), in the run's
 * mail folder or in `dir`, the folder of a mail capture a journey started for a server of its own.
 */
export async function waitForMail(
  to: string,
  subject: RegExp,
  timeout = 30_000,
  dir = inject('mailDir'),
): Promise<CapturedMail> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = all(dir)
      .filter((m) => m.recipients.includes(to.toLowerCase()) && subject.test(m.subject))
      .pop();
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = all(dir)
        .filter((m) => m.recipients.includes(to.toLowerCase()))
        .map((m) => m.subject);
      throw new Error(
        `No mail to ${to} with a subject like ${subject} within ${timeout} ms (mails to them: ${JSON.stringify(seen)})`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The first link in the mail's text (or HTML) to the given path of the app, e.g. /verify-email. */
export function linkIn(mail: CapturedMail, path: string): URL {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const re = new RegExp(`https?://[^\\s"'<>]+${escaped}\\?[^\\s"'<>]+`);
  const hit = re.exec(mail.text)?.[0] ?? re.exec(mail.html)?.[0]?.replace(/&amp;/g, '&');
  if (!hit) throw new Error(`No ${path} link in the mail "${mail.subject}":\n${mail.text}`);
  return new URL(hit);
}
