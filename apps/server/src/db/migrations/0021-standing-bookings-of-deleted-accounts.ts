import type { Kysely } from 'kysely';

/**
 * Standing bookings tied to a deleted account go: on a commute whose driver deleted their account, and a
 * deleted passenger's own. An account deletion erases both now; accounts deleted before it did left the
 * rows: whom an erased driver's stopped commute carried on which days, and which commute an erased
 * passenger rode, personal data the deletion erases (CONTRACT section 4). Neither books
 * anything: the stopped commute answers its passengers 404 and the job books no deleted passenger. The
 * passengers' bookings stay, cancelled when the account was deleted, as after a deletion today.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const deleted = db.selectFrom('users').select('id').where('deleted_at', 'is not', null);
  await db
    .deleteFrom('commute_subscriptions')
    .where((eb) =>
      eb.or([
        eb('commute_id', 'in', db.selectFrom('commutes').select('id').where('driver_id', 'in', deleted)),
        eb('passenger_id', 'in', deleted),
      ]),
    )
    .execute();
}

/** Erased data does not come back. */
export async function down(): Promise<void> {}
