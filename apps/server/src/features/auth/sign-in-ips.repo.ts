import type { Executor } from '../../db/database.js';

/** Remembers that the user signed in from this network now, and forgets the ones not seen since `staleBefore`. */
export async function rememberSignInIp(
  db: Executor,
  userId: string,
  ipKey: string,
  nowMs: number,
  staleBefore: number,
): Promise<void> {
  await db
    .insertInto('sign_in_ips')
    .values({ user_id: userId, ip_key: ipKey, last_at: nowMs })
    .onConflict((oc) => oc.columns(['user_id', 'ip_key']).doUpdateSet({ last_at: nowMs }))
    .execute();
  await db
    .deleteFrom('sign_in_ips')
    .where('user_id', '=', userId)
    .where('last_at', '<', staleBefore)
    .execute();
}

/** Whether the account with this address signed in from this network since `sinceMs`. */
export async function isKnownSignInIp(
  db: Executor,
  email: string,
  ipKey: string,
  sinceMs: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_ips')
    .innerJoin('users', 'users.id', 'sign_in_ips.user_id')
    .select('sign_in_ips.last_at')
    .where('users.email', '=', email)
    .where('sign_in_ips.ip_key', '=', ipKey)
    .where('sign_in_ips.last_at', '>=', sinceMs)
    .executeTakeFirst();
  return row !== undefined;
}
