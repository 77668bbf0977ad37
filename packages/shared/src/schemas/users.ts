import { z } from 'zod';
import { LEN } from '../constants.js';
import { MSG } from '../messages.js';
import { optionalText, requiredText } from './common.js';
import { phoneField } from './auth.js';
import { contactVisibilityField, genderField } from './safety.js';

export const profileUpdateBody = z.object({
  firstName: requiredText(MSG.firstNameRequired, LEN.name),
  lastName: optionalText(LEN.name),
  phone: phoneField,
  location: optionalText(LEN.location),
  bio: optionalText(LEN.bio, { multiline: true }),
  /** Section 9; left out, each keeps its stored value (clients of sections 1-6 never send them). */
  gender: genderField.optional(),
  contactVisibility: contactVisibilityField.optional(),
});

/** "Full Name" on the profile screen is split at the first space (specification section 3). */
export function splitFullName(full: string): { firstName: string; lastName: string } {
  const trimmed = full.trim().replace(/\s+/g, ' ');
  const i = trimmed.indexOf(' ');
  return i === -1
    ? { firstName: trimmed, lastName: '' }
    : { firstName: trimmed.slice(0, i), lastName: trimmed.slice(i + 1) };
}
