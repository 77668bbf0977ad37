import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mime.js';

export interface CapturedMail {
  id: string;
  receivedAt: number;
  /** Envelope recipients (RCPT TO), lower-cased. */
  recipients: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * An SMTP server that accepts every mail and writes it as JSON into `dir`, one file a mail.
 * Files (not memory) because the journeys run in worker processes, not in the process that owns the server.
 */
export async function startMailCapture(dir: string): Promise<{ port: number; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const parsed = parseMail(Buffer.concat(chunks).toString('utf8'));
          const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          const mail: CapturedMail = {
            id: randomUUID(),
            receivedAt: Date.now(),
            recipients: recipients.length ? recipients : parsed.to,
            subject: parsed.subject,
            text: parsed.text,
            html: parsed.html,
          };
          // Written under a temporary name and renamed, so a reader never sees half a file.
          const file = join(dir, `${mail.receivedAt}-${mail.id}.json`);
          writeFileSync(`${file}.tmp`, JSON.stringify(mail));
          renameSync(`${file}.tmp`, file);
          callback();
        } catch (err) {
          callback(err as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP capture has no port');
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
