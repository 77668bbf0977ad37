import type { Executor } from '../../db/database.js';

type EmailTokenPurpose = 'verify' | 'reset';

export async function insertEmailToken(
  db: Executor,
  t: { tokenHash: string; userId: string; purpose: EmailTokenPurpose; expiresAt: number },
  nowMs: number,
): Promise<void> {
  await db
    .insertInto('email_tokens')
    .values({
      token_hash: t.tokenHash,
      user_id: t.userId,
      purpose: t.purpose,
      expires_at: t.expiresAt,
      used_at: null,
      created_at: nowMs,
    })
    .execute();
}

/**
 * Uses a token once: the conditional update lets exactly one request win, even when two arrive together.
 * Returns the user it belongs to, or undefined when it is unknown, used, expired or for another purpose.
 */
export async function consumeEmailToken(
  db: Executor,
  tokenHash: string,
  purpose: EmailTokenPurpose,
  nowMs: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('email_tokens')
    .innerJoin('users', 'users.id', 'email_tokens.user_id')
    .select('email_tokens.user_id')
    .where('email_tokens.token_hash', '=', tokenHash)
    .where('email_tokens.purpose', '=', purpose)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const res = await db
    .updateTable('email_tokens')
    .set({ used_at: nowMs })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowMs)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? row.user_id : undefined;
}

/** After a reset, older reset links of the same user stop working too. */
export async function retireEmailTokens(
  db: Executor,
  userId: string,
  purpose: EmailTokenPurpose,
  nowMs: number,
): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: nowMs })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export async function deleteEmailTokensOf(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
}

/** A user's links that expired before `beforeMs`; done when a new link is issued. */
export async function purgeExpiredEmailTokens(
  db: Executor,
  userId: string,
  beforeMs: number,
): Promise<number> {
  const res = await db
    .deleteFrom('email_tokens')
    .where('user_id', '=', userId)
    .where('expires_at', '<', beforeMs)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
