import { ACCOUNT_ERR, DEFAULT_LOCATION, type profileUpdateBody } from '@saathchalo/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import { deleteEmailTokensOf, revokeAllSessions } from '../auth/index.js';
import { cancelWhatUserLeaves, dropQueuedMailTo, eraseUser } from './account-deletion.repo.js';
import { mailDriversOfDeletedPassenger, mailPassengersOfDeletedDriver } from './deletion-mails.js';
import { audienceFor } from '../marketplace/audience.js';
import { removePicture, savePicture, toProfilePicture } from './profile-picture.js';
import { presentPublicUser, presentUser } from './user.presenter.js';
import {
  countRidesOffered,
  findUserById,
  replacePictureFile,
  updateProfile,
  type UserRecord,
} from './users.repo.js';

type ProfileInput = z.output<typeof profileUpdateBody>;
type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'unitOfWork' | 'sessionLiveness'>;

/** The signed-in user; a session can outlive its account only by a moment, and then it is a 401. */
async function ownAccount(deps: Deps, userId: string): Promise<UserRecord> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  return user;
}

export async function getProfile(deps: Deps, userId: string) {
  return presentUser(await ownAccount(deps, userId));
}

export async function editProfile(deps: Deps, userId: string, input: ProfileInput) {
  await ownAccount(deps, userId);
  await deps.unitOfWork(async (trx, after) => {
    await updateProfile(
      trx,
      userId,
      {
        firstName: input.firstName,
        lastName: input.lastName ?? '',
        phone: input.phone,
        location: input.location ?? DEFAULT_LOCATION,
        bio: input.bio,
        gender: input.gender,
        contactVisibility: input.contactVisibility,
      },
      deps.clock.now(),
    );
    // Search results show a driver's name, phone and its visibility.
    after.everythingChanged();
  });
  return presentUser(await ownAccount(deps, userId));
}

export async function getPublicProfile(deps: Deps, id: string, viewerId: string) {
  const user = await findUserById(deps.db, id);
  if (!user) throw notFound(ACCOUNT_ERR.userNotFound);
  const [ridesOffered, audience] = await Promise.all([
    countRidesOffered(deps.db, id),
    audienceFor(deps.db, viewerId, {
      owners: [user],
      place: 'profile',
      stats: { driverIds: [id], nowMs: deps.clock.now() },
    }),
  ]);
  return presentPublicUser(user, ridesOffered, audience);
}

export async function changePicture(deps: Deps, userId: string, upload: Buffer, mimetype: string) {
  await ownAccount(deps, userId);
  const webp = await toProfilePicture(upload, mimetype);
  const file = await savePicture(deps.config.dataDir, userId, webp);
  await deps.unitOfWork(async (trx, after) => {
    const previous = await replacePictureFile(trx, userId, file, deps.clock.now());
    after.then(() => removePicture(deps.config.dataDir, previous));
  });
  return presentUser(await ownAccount(deps, userId));
}

/**
 * CONTRACT.md section 4, in one transaction: sessions end, future rides and open bookings are cancelled
 * with their seats given back, passengers of cancelled rides are told, personal data is erased.
 */
export async function deleteAccount(deps: Deps, userId: string): Promise<void> {
  const { clock, config } = deps;
  const user = await ownAccount(deps, userId);
  const now = clock.now();
  await deps.unitOfWork(async (trx, after) => {
    await revokeAllSessions(trx, deps.sessionLiveness, userId, now);
    const { passengers, ownBookings } = await cancelWhatUserLeaves(trx, userId, now);
    await dropQueuedMailTo(trx, user.email);
    await deleteEmailTokensOf(trx, userId);
    await eraseUser(trx, userId, now);
    // Each passenger of their rides is told once, of all their rides the deletion cancelled; each driver
    // expecting them once, that their seats are free again (CONTRACT.md section 5).
    await mailPassengersOfDeletedDriver(trx, passengers, config.appUrl, now);
    await mailDriversOfDeletedPassenger(trx, ownBookings, config.appUrl, now);
    // Their rides are cancelled and their name erased: no search page may show them any longer.
    after.everythingChanged();
    after.then(() => removePicture(config.dataDir, user.pictureFile));
  });
}
