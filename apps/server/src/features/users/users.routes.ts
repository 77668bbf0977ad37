import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_ERR, contract, PROFILE_PICTURE_MAX_BYTES } from '@saathchalo/shared';
import { AppError } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { currentUser } from '../../plugins/auth.js';
import { receivePicture } from './picture-upload.js';
import { BUSY_RETRY_SECONDS, Semaphore, UPLOADS_AT_ONCE } from './upload-limits.js';
import * as users from './users.service.js';

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
  const signedIn = { onRequest: app.authenticate };
  route(app, contract.getProfile, signedIn, async (request) =>
    users.getProfile(deps, currentUser(request).id),
  );

  route(app, contract.updateProfile, signedIn, async (request) =>
    users.editProfile(deps, currentUser(request).id, request.body),
  );

  route(app, contract.deleteAccount, signedIn, async (request) => {
    await users.deleteAccount(deps, currentUser(request).id);
    return null;
  });

  route(app, contract.getUser, signedIn, async (request) =>
    users.getPublicProfile(deps, request.params.id, currentUser(request).id),
  );
};

/** The profile picture, at most UPLOADS_AT_ONCE received and decoded at a time. */
const pictureRoute: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const uploads = new Semaphore(UPLOADS_AT_ONCE);
  route(
    app,
    contract.uploadPicture,
    {
      onRequest: app.authenticate,
      bodyLimit: PROFILE_PICTURE_MAX_BYTES + 64 * 1024,
      schema: { consumes: ['multipart/form-data'] },
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
        return await users.changePicture(deps, user.id, upload.buffer, upload.mimetype);
      } finally {
        uploads.release();
      }
    },
  );
};
