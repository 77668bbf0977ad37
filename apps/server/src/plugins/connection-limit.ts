import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Caps the open connections of one client address, so one host cannot hold thousands of sockets (stalled
 * uploads, idle keep-alives) and starve everyone else: an extra connection is closed at once. Behind a
 * trusted proxy every connection comes from the proxy, so the cap is left to the proxy there.
 */
export const connectionLimitPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app.deps;
  const max = config.http.maxConnectionsPerIp;
  if (max === 0 || config.trustProxy !== false) return;
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
});
