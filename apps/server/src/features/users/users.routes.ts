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
import { badRequest } from '../../lib/errors.js';
import { currentUser } from '../../plugins/auth.js';
import * as users from './users.service.js';

const tags = ['users'];
const security = [{ bearerAuth: [] }];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  await app.register(multipart, {
    limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 100 },
  });

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

  app.post(
    '/profile/picture',
    {
      onRequest: app.authenticate,
      bodyLimit: PROFILE_PICTURE_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        security,
        summary:
          'Upload a profile picture (multipart field "file"; any image up to 5 MB, stored as a 256 px WebP)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      let upload: { buffer: Buffer; mimetype: string } | undefined;
      try {
        const file = await request.file();
        if (file) upload = { buffer: await file.toBuffer(), mimetype: file.mimetype };
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE')
          throw badRequest(ACCOUNT_ERR.pictureTooLarge);
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(ACCOUNT_ERR.pictureMissing);
        throw err;
      }
      if (!upload) throw badRequest(ACCOUNT_ERR.pictureMissing);
      return ok(
        await users.changePicture(deps, user.id, upload.buffer, upload.mimetype),
        ACCOUNT_MSG.pictureUpdated,
      );
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
    async (request) => ok(await users.getPublicProfile(deps, request.params.id)),
  );
};
