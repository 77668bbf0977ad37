import type { PublicUser, User } from '@saathchalo/shared';
import { isoOf } from '../../lib/clock.js';
import type { UserRecord } from './users.repo.js';

export const UPLOADS_PREFIX = '/uploads/';

const fullName = (u: UserRecord) => `${u.firstName} ${u.lastName}`.trim();
const averageRating = (u: UserRecord) =>
  u.ratingCount > 0 ? Math.round((u.ratingSum / u.ratingCount) * 10) / 10 : 0;
const pictureUrl = (u: UserRecord) => (u.pictureFile ? `${UPLOADS_PREFIX}${u.pictureFile}` : null);

/** The own-account shape of CONTRACT.md section 3; nothing else leaves the server. */
export function presentUser(u: UserRecord): User {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    name: fullName(u),
    email: u.email,
    phone: u.phone,
    location: u.location,
    bio: u.bio,
    profilePictureUrl: pictureUrl(u),
    emailVerified: u.emailVerified,
    rating: averageRating(u),
    ratingCount: u.ratingCount,
    createdAt: isoOf(u.createdAt),
  };
}

/** What anyone signed in may see of another user: no e-mail, no phone. */
export function presentPublicUser(u: UserRecord, ridesOffered: number): PublicUser {
  return {
    id: u.id,
    name: fullName(u),
    firstName: u.firstName,
    location: u.location,
    bio: u.bio,
    profilePictureUrl: pictureUrl(u),
    rating: averageRating(u),
    ratingCount: u.ratingCount,
    ridesOffered,
    createdAt: isoOf(u.createdAt),
  };
}
