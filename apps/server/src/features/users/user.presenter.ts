import type { PublicUser, User } from '@saathchalo/shared';
import { isoOf } from '../../lib/clock.js';
import { fullName, ratingOf } from '../../lib/user-display.js';
import type { Audience } from '../marketplace/audience.js';
import type { UserRecord } from './users.repo.js';

export const UPLOADS_PREFIX = '/uploads/';

const nameOf = (u: UserRecord) => fullName(u.firstName, u.lastName);
const averageRating = (u: UserRecord) => ratingOf(u.ratingSum, u.ratingCount);
const pictureUrl = (u: UserRecord) => (u.pictureFile ? `${UPLOADS_PREFIX}${u.pictureFile}` : null);

/** The own-account shape of CONTRACT.md section 3; nothing else leaves the server. */
export function presentUser(u: UserRecord): User {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    name: nameOf(u),
    email: u.email,
    phone: u.phone,
    location: u.location,
    bio: u.bio,
    profilePictureUrl: pictureUrl(u),
    emailVerified: u.emailVerified,
    rating: averageRating(u),
    ratingCount: u.ratingCount,
    createdAt: isoOf(u.createdAt),
    gender: u.gender,
    phoneVerified: u.phoneVerified,
    contactVisibility: u.contactVisibility,
  };
}

/**
 * What anyone signed in may see of another user: never the e-mail or the gender; the phone only as the
 * audience allows on a profile (themself and confirmed co-travellers).
 */
export function presentPublicUser(u: UserRecord, ridesOffered: number, audience: Audience): PublicUser {
  return {
    id: u.id,
    name: nameOf(u),
    firstName: u.firstName,
    location: u.location,
    bio: u.bio,
    profilePictureUrl: pictureUrl(u),
    rating: averageRating(u),
    ratingCount: u.ratingCount,
    ridesOffered,
    createdAt: isoOf(u.createdAt),
    emailVerified: u.emailVerified,
    phoneVerified: u.phoneVerified,
    stats: audience.statsOf(u.id),
    phone: audience.phoneOf(u, 'profile'),
  };
}
