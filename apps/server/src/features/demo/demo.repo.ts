import type { Executor } from '../../db/database.js';

interface DemoUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  location: string;
  bio: string | null;
  passwordHash: string;
}

export async function anyUserExists(db: Executor): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** A verified demo account. */
export async function insertDemoUser(db: Executor, u: DemoUser, nowMs: number): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: u.id,
      email: u.email,
      first_name: u.firstName,
      last_name: u.lastName,
      phone: u.phone,
      location: u.location,
      bio: u.bio,
      password_hash: u.passwordHash,
      picture_file: null,
      email_verified: 1,
      rating_sum: 0,
      rating_count: 0,
      deleted_at: null,
      created_at: nowMs,
      updated_at: nowMs,
    })
    .execute();
}
