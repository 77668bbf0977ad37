import { z } from 'zod';
import { ACCOUNT_MSG } from '../account-messages.js';
import { idParam } from '../schemas/common.js';
import { publicUserSchema, userSchema } from '../schemas/models.js';
import { profileUpdateBody } from '../schemas/users.js';
import { defineCall } from './define.js';

const tag = 'users';

export const getProfile = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/users/profile',
  auth: true,
  tag,
  summary: 'Your own profile',
  response: userSchema,
});

export const updateProfile = /* @__PURE__ */ defineCall({
  method: 'PUT',
  path: '/users/profile',
  auth: true,
  tag,
  summary: 'Edit your profile',
  body: profileUpdateBody,
  response: userSchema,
  message: ACCOUNT_MSG.profileUpdated,
  namesField: true,
});

export const deleteAccount = /* @__PURE__ */ defineCall({
  method: 'DELETE',
  path: '/users/profile',
  auth: true,
  tag,
  summary: 'Delete your account (cannot be undone)',
  response: z.null(),
  message: ACCOUNT_MSG.accountDeleted,
});

export const getUser = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/users/{id}',
  auth: true,
  tag,
  summary: "Another user's public profile",
  params: idParam,
  response: publicUserSchema,
});

/** Multipart, the image in the field "file": no JSON body schema. */
export const uploadPicture = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/users/profile/picture',
  auth: true,
  tag,
  summary:
    'Upload a profile picture (multipart field "file"; a JPEG, PNG, WebP or GIF up to 5 MB, stored as a 256 px WebP; 503 with Retry-After while 8 uploads are in progress)',
  response: userSchema,
  message: ACCOUNT_MSG.pictureUpdated,
});
