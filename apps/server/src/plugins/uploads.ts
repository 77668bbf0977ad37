import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { uploadsDir } from '../features/users/profile-picture.js';
import { UPLOADS_PREFIX } from '../features/users/user.presenter.js';

/** Profile pictures under DATA_DIR/uploads. Each upload gets a new name, so a file never changes. */
export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  const root = uploadsDir(app.deps.config.dataDir);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
      res.header('x-content-type-options', 'nosniff');
    },
  });
});
