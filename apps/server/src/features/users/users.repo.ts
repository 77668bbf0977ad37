import { sql } from 'kysely';
import type { ContactVisibility, Gender } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';

/** The columns of a user that the account features read; the password hash only where sign-in needs it. */
export interface UserRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  location: string;
  bio: string | null;
  pictureFile: string | null;
  emailVerified: boolean;
  ratingSum: number;
  ratingCount: number;
  deletedAt: number | null;
  createdAt: number;
  gender: Gender | null;
  phoneVerified: boolean;
  contactVisibility: ContactVisibility;
}

const columns = [
  'id',
  'email',
  'first_name',
  'last_name',
  'phone',
  'location',
  'bio',
  'picture_file',
  'email_verified',
  'rating_sum',
  'rating_count',
  'deleted_at',
  'created_at',
  'gender',
  'phone_verified',
  'contact_visibility',
] as const;

type Row = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  location: string;
  bio: string | null;
  picture_file: string | null;
  email_verified: number;
  rating_sum: number;
  rating_count: number;
  deleted_at: number | null;
  created_at: number;
  gender: Gender | null;
  phone_verified: number;
  contact_visibility: ContactVisibility;
};

const toRecord = (r: Row): UserRecord => ({
  id: r.id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  phone: r.phone,
  location: r.location,
  bio: r.bio,
  pictureFile: r.picture_file,
  emailVerified: Number(r.email_verified) === 1,
  ratingSum: Number(r.rating_sum),
  ratingCount: Number(r.rating_count),
  deletedAt: r.deleted_at === null ? null : Number(r.deleted_at),
  createdAt: Number(r.created_at),
  gender: r.gender,
  phoneVerified: Number(r.phone_verified) === 1,
  contactVisibility: r.contact_visibility,
});

export interface NewUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  location: string;
  passwordHash: string;
}

export async function insertUser(db: Executor, user: NewUser, nowMs: number): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
      location: user.location,
      bio: null,
      password_hash: user.passwordHash,
      picture_file: null,
      email_verified: 0,
      rating_sum: 0,
      rating_count: 0,
      deleted_at: null,
      created_at: nowMs,
      updated_at: nowMs,
    })
    .execute();
}

/** A live (not deleted) user by id. */
export async function findUserById(db: Executor, id: string): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .select(columns)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function emailTaken(db: Executor, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

/** A live user and their password hash, for sign-in. */
export async function findCredentials(
  db: Executor,
  email: string,
): Promise<{ user: UserRecord; passwordHash: string } | undefined> {
  const row = await db
    .selectFrom('users')
    .select([...columns, 'password_hash'])
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { user: toRecord(row), passwordHash: row.password_hash } : undefined;
}

export async function setPasswordHash(
  db: Executor,
  userId: string,
  passwordHash: string,
  nowMs: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: nowMs })
    .where('id', '=', userId)
    .execute();
}

export async function markEmailVerified(db: Executor, userId: string, nowMs: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified: 1, updated_at: nowMs })
    .where('id', '=', userId)
    .execute();
}

interface ProfileChanges {
  firstName: string;
  lastName: string;
  phone: string;
  location: string;
  bio: string | null;
  /** Section 9; undefined keeps the stored value. */
  gender?: Gender | null | undefined;
  contactVisibility?: ContactVisibility | undefined;
}

/** Saves the profile; a number other than the stored one is unverified again (section 9). */
export async function updateProfile(
  db: Executor,
  userId: string,
  changes: ProfileChanges,
  nowMs: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      first_name: changes.firstName,
      last_name: changes.lastName,
      phone: changes.phone,
      location: changes.location,
      bio: changes.bio,
      // Every SET expression reads the row as it was, so this compares with the stored number.
      phone_verified: sql<number>`case when phone = ${changes.phone} then phone_verified else 0 end`,
      ...(changes.gender !== undefined ? { gender: changes.gender } : {}),
      ...(changes.contactVisibility ? { contact_visibility: changes.contactVisibility } : {}),
      updated_at: nowMs,
    })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Sets the new picture and returns the file it replaces, so the caller can remove it. */
export async function replacePictureFile(
  db: Executor,
  userId: string,
  file: string,
  nowMs: number,
): Promise<string | null> {
  const before = await db
    .selectFrom('users')
    .select('picture_file')
    .where('id', '=', userId)
    .executeTakeFirst();
  await db
    .updateTable('users')
    .set({ picture_file: file, updated_at: nowMs })
    .where('id', '=', userId)
    .execute();
  return before?.picture_file ?? null;
}

/** Rides a user offers that are still listed (not deleted), shown on the public profile. */
export async function countRidesOffered(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('rides')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('driver_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks the number a code was sent to as verified, if it is still the account's number. */
export async function markPhoneVerified(
  db: Executor,
  userId: string,
  phone: string,
  nowMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ phone_verified: 1, updated_at: nowMs })
    .where('id', '=', userId)
    .where('phone', '=', phone)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
