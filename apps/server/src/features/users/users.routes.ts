import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_ERR,
  ACCOUNT_MSG,
  envelope,
  idParam,
  PROFILE_PICTURE_MAX_BYTES,
  profileUpdateBody,
  publicUserSchema,
  userSchema,
} from '@saathchalo/shared';
import { ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';
import { currentUser } from '../../plugins/auth.js';
import { receivePicture } from './picture-upload.js';
import { BUSY_RETRY_SECONDS, Semaphore, UPLOADS_AT_ONCE } from './upload-limits.js';
import * as users from './users.service.js';

const tags = ['users'];
const security = [{ bearerAuth: [] }];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 100 },
  });
  await app.register(profileRoutes);
  await app.register(pictureRoute);
};

/** One's own profile (read, edit, delete the account) and another user's public one. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    '/profile',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'Your own profile', response: { 200: envelope(userSchema) } },
    },
    async (request) => ok(await users.getProfile(deps, currentUser(request).id)),
  );

  app.put(
    '/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Edit your profile',
        body: profileUpdateBody,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) =>
      ok(await users.editProfile(deps, currentUser(request).id, request.body), ACCOUNT_MSG.profileUpdated),
  );

  app.delete(
    '/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Delete your account (cannot be undone)',
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await users.deleteAccount(deps, currentUser(request).id);
      return ok(null, ACCOUNT_MSG.accountDeleted);
    },
  );

  app.get(
    '/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Another user's public profile",
        params: idParam,
        response: { 200: envelope(publicUserSchema) },
      },
    },
    async (request) => ok(await users.getPublicProfile(deps, request.params.id, currentUser(request).id)),
  );
};

/** The profile picture, at most UPLOADS_AT_ONCE received and decoded at a time. */
const pictureRoute: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const uploads = new Semaphore(UPLOADS_AT_ONCE);
  app.post(
    '/profile/picture',
    {
      onRequest: app.authenticate,
      bodyLimit: PROFILE_PICTURE_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        security,
        summary:
          'Upload a profile picture (multipart field "file"; a JPEG, PNG, WebP or GIF up to 5 MB, stored as a 256 px WebP; 503 with Retry-After while 8 uploads are in progress)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(userSchema) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Admitted before the body is read: each upload held here is up to 5 MB of memory until decoded.
      if (!uploads.tryAcquire()) {
        reply.header('retry-after', String(BUSY_RETRY_SECONDS));
        throw new AppError(503, ACCOUNT_ERR.picturesBusy);
      }
      try {
        const upload = await receivePicture(request);
        return ok(
          await users.changePicture(deps, user.id, upload.buffer, upload.mimetype),
          ACCOUNT_MSG.pictureUpdated,
        );
      } finally {
        uploads.release();
      }
    },
  );
};
