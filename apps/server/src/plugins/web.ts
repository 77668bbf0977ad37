import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERR } from '@saathchalo/shared';
import { fail } from '../lib/envelope.js';

const defaultDist = resolve(import.meta.dirname, '../../../web/dist');

/**
 * The screens the web build rendered to HTML (apps/web/build/prerender.ts), by the path they answer:
 * `prerendered/index.html` is `/`, `prerendered/find-ride.html` is `/find-ride`.
 */
function prerenderedPages(root: string): Map<string, string> {
  const dir = join(root, 'prerendered');
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter((name) => name.endsWith('.html'))
      .map((name) => {
        const screen = name.slice(0, -'.html'.length);
        return [screen === 'index' ? '/' : `/${screen}`, `prerendered/${name}`];
      }),
  );
}

/**
 * Serves the built web app on the same port. A screen rendered at build time is answered with its HTML,
 * which shows before the JavaScript arrives; every other non-API path falls back to index.html. The build
 * writes .br and .gz siblings (apps/web/vite.config.ts), which `preCompressed` sends to browsers that
 * accept them.
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const root = app.deps.config.webDist ? resolve(app.deps.config.webDist) : defaultDist;
  const hasWeb = existsSync(join(root, 'index.html'));
  const pages = hasWeb ? prerenderedPages(root) : new Map<string, string>();
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
      return reply.status(404).send(fail('NOT_FOUND', `Route ${request.method} ${path} not found`, ERR.notFound));
    }
    const asset = join(root, path);
    if (path !== '/' && asset.startsWith(root) && existsSync(asset) && !path.endsWith('/')) {
      return reply.sendFile(path.slice(1));
    }
    const screen = path.length > 1 ? path.replace(/\/+$/, '') : path;
    return reply.header('cache-control', 'no-cache').sendFile(pages.get(screen) ?? 'index.html');
  });
});
