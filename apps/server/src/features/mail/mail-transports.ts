import type { Transporter } from 'nodemailer';
import type { MailLane } from './outbox.repo.js';

/**
 * SMTP connections kept open per lane and app: a batch is sent over them at once, and each pays the
 * server's greeting once for up to 100 mails rather than once per mail (decision 016).
 */
export const MAIL_CONNECTIONS = 5;
const CONNECTIONS: Record<MailLane, number> = { notification: MAIL_CONNECTIONS, account: 2 };

/**
 * One pool per lane, so account mails never wait for a connection that notifications hold. Made by
 * buildApp and closed with its app: another app in the process keeps its own pools open.
 * nodemailer (and Node's fetch, which it loads) is imported only when there is an SMTP server to talk to:
 * about 5 MB of heap the server otherwise carries for nothing (bench/FINDINGS.md).
 */
export class MailTransports {
  private readonly pools = new Map<MailLane, Promise<Transporter>>();

  constructor(private readonly smtpUrl: string | undefined) {}

  /** The lane's pool, opened on first use; null without SMTP_URL. */
  get(lane: MailLane): Promise<Transporter> | null {
    if (!this.smtpUrl) return null;
    const url = this.smtpUrl;
    let pool = this.pools.get(lane);
    if (!pool) {
      pool = import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({
          url,
          pool: true,
          maxConnections: CONNECTIONS[lane],
          maxMessages: 100,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        }),
      );
      this.pools.set(lane, pool);
    }
    return pool;
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    for (const pool of pools) (await pool).close();
  }
}
