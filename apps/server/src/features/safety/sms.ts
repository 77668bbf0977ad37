import type { FastifyBaseLogger } from 'fastify';

/** One text message: `to` in international form (`+91` and the 10 digits). */
export interface Sms {
  to: string;
  text: string;
}

/** How a phone code leaves the server (decision 022): the smallest interface a provider can sit behind. */
export interface SmsSender {
  /** Resolves once the message was handed over; rejects when it was not. */
  send(sms: Sms, log: FastifyBaseLogger): Promise<void>;
}

/** Without SMS_URL, like mail without SMTP_URL: the message goes to the server log, code and all. */
export class LogSmsSender implements SmsSender {
  async send(sms: Sms, log: FastifyBaseLogger): Promise<void> {
    log.info({ to: sms.to }, `sms (SMS_URL unset, not sent): ${sms.text}`);
  }
}

const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * POST `{ "to": "+91XXXXXXXXXX", "text": "..." }` as JSON to SMS_URL; user and password in the URL become
 * HTTP Basic authorization (they are taken out of the address, which fetch refuses to send them in). Any
 * 2xx is success; anything else, or no answer within 10 s, is a failure.
 */
export class HttpSmsSender implements SmsSender {
  private readonly endpoint: string;
  private readonly authorization: string | undefined;

  constructor(url: string) {
    const u = new URL(url);
    this.authorization =
      u.username || u.password
        ? `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`
        : undefined;
    u.username = '';
    u.password = '';
    this.endpoint = u.toString();
  }

  async send(sms: Sms): Promise<void> {
    const res = await fetch(this.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.authorization ? { authorization: this.authorization } : {}),
      },
      body: JSON.stringify({ to: sms.to, text: sms.text }),
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
    // The body is not needed; reading it frees the connection.
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}

export function smsSenderFor(smsUrl: string | undefined): SmsSender {
  return smsUrl ? new HttpSmsSender(smsUrl) : new LogSmsSender();
}
