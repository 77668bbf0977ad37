import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  to: string[];
  subject: string;
  /** The raw message with quoted-printable soft breaks and escapes undone, enough to find links. */
  body: string;
}

export interface TestSmtp {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Connections opened so far, and the most mails that were being received at one moment. */
  stats: { connections: number; mostAtOnce: number };
  close(): Promise<void>;
}

interface SmtpOptions {
  port?: number;
  /** Waits this long before greeting each new connection, as a distant or busy mail server does. */
  greetingMs?: number;
  /** Takes this long to accept each mail's content. */
  dataMs?: number;
}

const decodeQuotedPrintable = (s: string) =>
  s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A real SMTP server on a random local port that keeps what it receives. */
export async function startSmtp(options: SmtpOptions = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const stats = { connections: 0, mostAtOnce: 0 };
  let receiving = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Pooled client connections stay open when a test closes the server: end them at once.
    closeTimeout: 1,
    onConnect(_session, callback) {
      stats.connections += 1;
      setTimeout(callback, options.greetingMs ?? 0);
    },
    onData(stream, session, callback) {
      receiving += 1;
      stats.mostAtOnce = Math.max(stats.mostAtOnce, receiving);
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        setTimeout(() => {
          receiving -= 1;
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject,
            body: decodeQuotedPrintable(raw),
          });
          callback();
        }, options.dataMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    received,
    stats,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local port where nothing listens: SMTP is "down". */
export async function closedPort(): Promise<number> {
  const smtp = await startSmtp();
  await smtp.close();
  return smtp.port;
}
