import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './database.js';
import * as m0001 from './migrations/0001-initial.js';
import * as m0002 from './migrations/0002-places-search.js';
import * as m0003 from './migrations/0003-rides-price-order.js';
import * as m0004 from './migrations/0004-bookings-without-driver.js';
import * as m0005 from './migrations/0005-outbox-append-only.js';
import * as m0006 from './migrations/0006-refresh-token-successor.js';
import * as m0007 from './migrations/0007-sign-in-ips.js';
import * as m0008 from './migrations/0008-outbox-account-lane.js';
import * as m0011 from './migrations/0011-trust-and-safety.js';
import * as m0009 from './migrations/0009-ride-points.js';
import * as m0010 from './migrations/0010-ride-cells.js';
import * as m0012 from './migrations/0012-commuter-mode.js';
import * as m0013 from './migrations/0013-ride-cells-in-time-order.js';
import * as m0014 from './migrations/0014-drop-ride-pair-indexes.js';
import * as m0015 from './migrations/0015-ride-cells-key-covers-masks.js';
import * as m0016 from './migrations/0016-ride-cells-near.js';
import * as m0017 from './migrations/0017-bookings-made-by-subscription.js';
import * as m0018 from './migrations/0018-women-only-commutes.js';
import * as m0019 from './migrations/0019-commute-told-terms.js';
import * as m0020 from './migrations/0020-standing-bookings-by-passenger.js';
import * as m0021 from './migrations/0021-standing-bookings-of-deleted-accounts.js';
import * as m0022 from './migrations/0022-ahead-masks-seen-from-the-cell.js';
import * as m0023 from './migrations/0023-ride-points-stored-by-ride.js';
import * as m0024 from './migrations/0024-grid-rows-leave-at.js';

/** Migrations are listed here rather than read from disk, so the compiled server needs no globbing. */
const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-places-search': m0002,
  '0003-rides-price-order': m0003,
  '0004-bookings-without-driver': m0004,
  '0005-outbox-append-only': m0005,
  '0006-refresh-token-successor': m0006,
  '0007-sign-in-ips': m0007,
  '0008-outbox-account-lane': m0008,
  '0009-ride-points': m0009,
  '0010-ride-cells': m0010,
  '0011-trust-and-safety': m0011,
  '0012-commuter-mode': m0012,
  '0013-ride-cells-in-time-order': m0013,
  '0014-drop-ride-pair-indexes': m0014,
  '0015-ride-cells-key-covers-masks': m0015,
  '0016-ride-cells-near': m0016,
  '0017-bookings-made-by-subscription': m0017,
  '0018-women-only-commutes': m0018,
  '0019-commute-told-terms': m0019,
  '0020-standing-bookings-by-passenger': m0020,
  '0021-standing-bookings-of-deleted-accounts': m0021,
  '0022-ahead-masks-seen-from-the-cell': m0022,
  '0023-ride-points-stored-by-ride': m0023,
  '0024-grid-rows-leave-at': m0024,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The server's migrations, for moving a database to one of them (tests of a migration). */
export function createMigrator(db: Db): Migrator {
  return new Migrator({ db, provider });
}

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
