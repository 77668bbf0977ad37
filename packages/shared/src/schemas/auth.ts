import { z } from 'zod';
import { LEN, PASSWORD_MAX, PASSWORD_MIN } from '../constants.js';
import { MSG } from '../messages.js';
import { INDIAN_MOBILE_RE, normalizeIndianMobile } from '../phone.js';
import { optionalText, requiredText } from './common.js';

const emailField = requiredText(MSG.emailRequired, LEN.email)
  .pipe(z.email(MSG.emailInvalid))
  .transform((v) => v.toLowerCase());

const passwordField = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(PASSWORD_MIN, MSG.passwordMin)
  .max(PASSWORD_MAX, MSG.tooLong(PASSWORD_MAX));

/** Typed as people write it (`+91 98765 43210`, `098765 43210`, `98765-43210`), kept as its 10 digits. */
export const phoneField = requiredText(MSG.phoneRequired, 20)
  .transform(normalizeIndianMobile)
  .pipe(z.string().regex(INDIAN_MOBILE_RE, MSG.phoneInvalid));

export const loginBody = z.object({ email: emailField, password: passwordField });

export const registerBody = z.object({
  firstName: requiredText(MSG.firstNameRequired, LEN.name),
  lastName: requiredText(MSG.lastNameRequired, LEN.name),
  email: emailField,
  phone: phoneField,
  password: passwordField,
  location: optionalText(LEN.location),
});

export const forgotPasswordBody = z.object({ email: emailField });

const newPasswordField = z
  .string({ error: MSG.resetPasswordMin })
  .min(PASSWORD_MIN, MSG.resetPasswordMin)
  .max(PASSWORD_MAX, MSG.tooLong(PASSWORD_MAX));

/** A link token; a missing one is reported with the screen's own text for that link. */
const linkToken = (missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(LEN.token, missing);

export const resetPasswordBody = z.object({
  token: linkToken(MSG.resetTokenMissing),
  newPassword: newPasswordField,
});

/** The reset screen's form: the confirmation never leaves the browser. */
export const resetPasswordForm = z
  .object({ newPassword: newPasswordField, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MSG.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.input<typeof resetPasswordForm>;

export const verifyEmailQuery = z.object({ token: linkToken(MSG.verifyTokenMissing) });
