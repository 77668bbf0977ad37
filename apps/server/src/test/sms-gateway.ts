import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  method: string;
  path: string;
  contentType: string | undefined;
  authorization: string | undefined;
  body: unknown;
}

/**
 * A real HTTP server standing in for an SMS provider: it records each request as SMS_URL receives it,
 * answers 200, or the status set in `failWith`.
 */
export async function startSmsGateway() {
  const received: ReceivedSms[] = [];
  let failWith: number | null = null;
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        contentType: req.headers['content-type'],
        authorization: req.headers.authorization,
        body: text ? JSON.parse(text) : null,
      });
      res.statusCode = failWith ?? 200;
      res.setHeader('content-type', 'application/json');
      res.end('{"status":"queued"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    /** SMS_URL for this gateway, with credentials that become Basic authorization. */
    url: `http://sms-user:s3cret%21@127.0.0.1:${port}/v1/messages`,
    failWith(status: number | null) {
      failWith = status;
    },
    /** The 6-digit code of the latest message to a number (`+91` and its 10 digits). */
    lastCode(to: string): string {
      const m = [...received].reverse().find((r) => (r.body as { to?: string } | null)?.to === to);
      const code = /\b(\d{6})\b/.exec((m?.body as { text?: string } | undefined)?.text ?? '')?.[1];
      if (!code) throw new Error(`no code sent to ${to}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
