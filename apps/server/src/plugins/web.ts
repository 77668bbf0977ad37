import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERR } from '@saathchalo/shared';
import { fail } from '../lib/envelope.js';

const defaultDist = resolve(import.meta.dirname, '../../../web/dist');

/**
 * Serves the built web app on the same port; every non-API path falls back to index.html. The build writes
 * .br and .gz siblings (apps/web/vite.config.ts), which `preCompressed` sends to browsers that accept them.
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const root = app.deps.config.webDist ? resolve(app.deps.config.webDist) : defaultDist;
  const hasWeb = existsSync(join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed assets never change; the HTML shell must always be revalidated.
        res.header(
          'cache-control',
          path.includes(`${'/'}assets${'/'}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (
      path.startsWith('/api/') ||
      path === '/api' ||
      !hasWeb ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.status(404).send(fail(`Route ${request.method} ${path} not found`, ERR.notFound));
    }
    const asset = join(root, path);
    if (path !== '/' && asset.startsWith(root) && existsSync(asset) && !path.endsWith('/')) {
      return reply.sendFile(path.slice(1));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
