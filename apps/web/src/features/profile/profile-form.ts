import { profileUpdateBody, splitFullName } from '@saathchalo/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { ProfileUpdate } from './api/profile-api';

export interface ProfileFormValues {
  fullName: string;
  email: string;
  phone: string;
  location: string;
  bio: string;
}

export const PROFILE_FIELDS = ['fullName', 'phone', 'location', 'bio'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The server's field names on this form: first and last name are both "Full Name". */
export function formFieldOf(field: string): ProfileField | null {
  if (field === 'firstName' || field === 'lastName' || field === 'name') return 'fullName';
  return (PROFILE_FIELDS as readonly string[]).includes(field) ? (field as ProfileField) : null;
}

/**
 * Full Name is split at the first space into first and last name (specification section 3), then the
 * shared profile schema checks the result, its texts shown under the fields they concern.
 */
export const profileResolver: Resolver<ProfileFormValues, unknown, ProfileUpdate> = async (values) => {
  const parsed = profileUpdateBody.safeParse({
    ...splitFullName(values.fullName),
    phone: values.phone,
    location: values.location,
    bio: values.bio,
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<ProfileFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(String(issue.path[0]));
    if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};
