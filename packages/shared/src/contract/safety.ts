import { z } from 'zod';
import { MSG } from '../messages.js';
import { idParam } from '../schemas/common.js';
import { userSchema } from '../schemas/models.js';
import {
  blockedUserSchema,
  phoneCodeBody,
  phoneCodeSentSchema,
  reportBody,
  reportSchema,
  tripSchema,
  tripShareSchema,
  tripTokenParam,
} from '../schemas/safety.js';
import { defineCall } from './define.js';

/** Trust and safety (CONTRACT section 9). */
const tag = 'safety';

export const sendPhoneCode = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/users/phone/verification',
  auth: true,
  tag,
  summary: 'Send a 6-digit code to your phone (SMS); 10 minutes, 5 tries; at most one a minute, 5 an hour',
  response: phoneCodeSentSchema,
  message: MSG.phoneCodeSent,
});

export const confirmPhoneCode = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/users/phone/verification/confirm',
  auth: true,
  tag,
  summary: 'Confirm your phone with the code; answers your profile',
  body: phoneCodeBody,
  response: userSchema,
  message: MSG.phoneVerified,
});

export const blockedUsers = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/users/blocked',
  auth: true,
  tag,
  summary: 'The users you blocked, latest first',
  response: z.array(blockedUserSchema),
});

export const blockUser = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/users/{id}/block',
  auth: true,
  tag,
  summary: 'Block a user: neither of you sees the other’s rides in search, nor can book them',
  params: idParam,
  response: z.null(),
  message: MSG.userBlocked,
});

export const unblockUser = /* @__PURE__ */ defineCall({
  method: 'DELETE',
  path: '/users/{id}/block',
  auth: true,
  tag,
  summary: 'Unblock a user',
  params: idParam,
  response: z.null(),
  message: MSG.userUnblocked,
});

export const reportUser = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/users/{id}/reports',
  auth: true,
  tag,
  summary: 'Report a user to SaathChalo support (at most 5 an hour)',
  params: idParam,
  body: reportBody,
  response: reportSchema,
  status: 201,
  message: MSG.reportSent,
});

export const shareTrip = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/bookings/{id}/share',
  auth: true,
  tag,
  summary: 'Share my trip: a link for family (passenger or driver of a CONFIRMED booking)',
  params: idParam,
  response: tripShareSchema,
  status: 201,
});

export const getTrip = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/trips/{token}',
  auth: false,
  tag,
  summary:
    'A shared trip (no sign-in): route, times, status, driver first name and rating, car, passenger first name',
  params: tripTokenParam,
  response: tripSchema,
});
