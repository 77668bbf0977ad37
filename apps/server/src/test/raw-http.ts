import { connect, type Socket } from 'node:net';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Reads one HTTP/1.1 answer out of what a server wrote to a raw socket. */
export function parseRawAnswer(text: string): RawAnswer {
  const split = text.indexOf('\r\n\r\n');
  const head = split === -1 ? text : text.slice(0, split);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: split === -1 ? '' : text.slice(split + 4),
  };
}

/** A raw TCP connection, for what app.inject cannot send: stalled bodies, oversized headers, half requests. */
export async function openSocket(
  port: number,
): Promise<Socket & { received(): string; ended: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  socket.on('data', (chunk) => (received += String(chunk)));
  socket.on('error', () => {
    // A reset after the answer is how a server drops a client it refused; the test reads what arrived.
  });
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return Object.assign(socket, { received: () => received, ended });
}

/** Sends `text` on a new connection and resolves with the answer once the server closes it. */
export async function rawExchange(port: number, text: string): Promise<RawAnswer> {
  const socket = await openSocket(port);
  socket.write(text);
  await socket.ended;
  return parseRawAnswer(socket.received());
}
