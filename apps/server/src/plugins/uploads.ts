import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERR } from '@saathchalo/shared';
import { fail } from '../lib/envelope.js';
import { uploadsDir } from '../features/users/profile-picture.js';
import { UPLOADS_PREFIX } from '../features/users/user.presenter.js';

/**
 * Profile pictures under DATA_DIR/uploads. Each upload gets a new name, so a file never changes and
 * can be cached for good. Its own scope gives a missing picture a plain 404 instead of the SPA page.
 * Pictures are public to whoever is shown the user, so a page on any origin may show them.
 */
export async function uploadsPlugin(app: FastifyInstance): Promise<void> {
  const root = uploadsDir(app.deps.config.dataDir);
  mkdirSync(root, { recursive: true });
  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root,
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        setHeaders(res) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
          // A front end on another origin (CORS_ORIGINS) shows the picture in an <img>, a no-cors request the
          // browser blocks under the same-origin policy every other answer keeps (decision 011).
          res.header('cross-origin-resource-policy', 'cross-origin');
        },
      });
      scope.setNotFoundHandler((_request, reply) => reply.status(404).send(fail('NOT_FOUND', ERR.notFound)));
    },
    { prefix: UPLOADS_PREFIX.replace(/\/$/, '') },
  );
}
