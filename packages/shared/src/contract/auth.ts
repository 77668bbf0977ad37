import { z } from 'zod';
import { ACCOUNT_MSG } from '../account-messages.js';
import {
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  verifyEmailQuery,
} from '../schemas/auth.js';
import { authResultSchema, tokenPairSchema, userSchema } from '../schemas/models.js';
import { defineCall } from './define.js';

const tag = 'auth';
/** The refresh token in the body; it may come as bearer instead, so the body may be empty. */
const optionalToken = z.object({ refreshToken: z.string().max(256).optional() }).nullish();

export const register = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/auth/register',
  auth: false,
  tag,
  summary: 'Create an account and sign in',
  body: registerBody,
  response: authResultSchema,
  status: 201,
  message: ACCOUNT_MSG.registered,
});

export const login = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/auth/login',
  auth: false,
  tag,
  summary: 'Sign in with e-mail and password',
  body: loginBody,
  response: authResultSchema,
  message: ACCOUNT_MSG.loggedIn,
});

export const logout = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/auth/logout',
  auth: false,
  tag,
  summary: 'End this session (access token or refresh token as bearer)',
  body: optionalToken,
  response: z.null(),
  message: ACCOUNT_MSG.loggedOut,
});

export const refreshToken = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/auth/refresh-token',
  auth: false,
  tag,
  summary: 'Exchange the refresh token (as bearer) for a new pair; the old one is retired',
  body: optionalToken,
  response: tokenPairSchema,
  message: ACCOUNT_MSG.refreshed,
});

const verifySummary = 'Confirm an e-mail address with the token from the mail';

/** The link in the mail, opened as it is (the specification's client). */
export const verifyEmailLink = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/auth/verify-email',
  auth: false,
  tag,
  summary: verifySummary,
  query: verifyEmailQuery,
  response: userSchema,
  message: ACCOUNT_MSG.emailVerified,
});

/** The web app's verification screen sends the token in the body (or the query). */
export const verifyEmail = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/auth/verify-email',
  auth: false,
  tag,
  summary: verifySummary,
  body: verifyEmailQuery,
  response: userSchema,
  message: ACCOUNT_MSG.emailVerified,
});

export const forgotPassword = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/auth/forgot-password',
  auth: false,
  tag,
  summary: 'Send a reset link (e-mail in the JSON body or the query); the same answer for any address',
  query: z.object({ email: z.string().optional() }),
  body: forgotPasswordBody,
  response: z.null(),
  message: ACCOUNT_MSG.resetMailSent,
});

export const resetPassword = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/auth/reset-password',
  auth: false,
  tag,
  summary: 'Set a new password with the token from the mail; ends every session of the account',
  query: z.object({ token: z.string().optional(), newPassword: z.string().optional() }),
  body: resetPasswordBody,
  response: z.null(),
  message: ACCOUNT_MSG.passwordReset,
});
