import type { Executor } from '../../db/database.js';
import { newId } from '../../lib/ids.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Puts a mail in the durable outbox. Call it with the transaction of the change that causes the
 * mail, so the mail exists exactly when the change does; the worker sends it later.
 */
export async function enqueueMail(db: Executor, mail: OutgoingMail, nowMs: number): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      id: newId(),
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      status: 'pending',
      attempts: 0,
      next_attempt_at: nowMs,
      claimed_by: null,
      claimed_until: null,
      last_error: null,
      created_at: nowMs,
      sent_at: null,
    })
    .execute();
}
