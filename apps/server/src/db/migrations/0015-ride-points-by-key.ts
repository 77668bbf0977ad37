import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * On SQLite, `ride_points` becomes its key (ride_id, idx): a WITHOUT ROWID table, so a point is one entry
 * of one B-tree instead of a row of the table plus an entry of its key's index. Materialising commutes
 * (decision 024) writes millions of points, and every read of a ride's points (a search's probe by ride,
 * a ride's page, taking seats) is one range of one B-tree. PostgreSQL keeps its heap and key index: it
 * has no rowid to drop, so there is nothing to do there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await db.transaction().execute((trx) => rebuild(trx, true));
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await db.transaction().execute((trx) => rebuild(trx, false));
}

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

const COLUMNS = [
  ...['ride_id', 'idx', 'place_id', 'place_name', 'lat', 'lng', 'departure_date', 'departure_time'],
  ...['at', 'estimated', 'km_from_start', 'seats_to_next'],
] as const;

/** The table again with the same columns, as its key alone or (down) with a rowid, its rows and indexes kept. */
async function rebuild(db: Kysely<any>, withoutRowid: boolean): Promise<void> {
  await db.schema
    .createTable('ride_points_next')
    .addColumn('ride_id', 'text', (c) => c.notNull().references('rides.id'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('place_id', 'text', (c) => c.references('places.id'))
    .addColumn('place_name', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('departure_date', 'text', (c) => c.notNull())
    .addColumn('departure_time', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('estimated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('km_from_start', 'double precision')
    .addColumn('seats_to_next', 'integer', (c) => c.check(sql`seats_to_next >= 0`))
    .addPrimaryKeyConstraint('ride_points_pk', ['ride_id', 'idx'])
    .$call((t) => (withoutRowid ? t.modifyEnd(sql`without rowid`) : t))
    .execute();
  const columns = sql.join(COLUMNS.map((c) => sql.ref(c)));
  await sql`insert into ride_points_next (${columns}) select ${columns} from ride_points
    order by ride_id, idx`.execute(db);
  await db.schema.dropTable('ride_points').execute();
  await db.schema.alterTable('ride_points_next').renameTo('ride_points').execute();
  await db.schema
    .createIndex('ride_points_place')
    .on('ride_points')
    .columns(['place_id', 'departure_date'])
    .execute();
  await db.schema
    .createIndex('ride_points_unplaced')
    .on('ride_points')
    .columns(['place_id', 'departure_date', 'at', 'ride_id', 'idx'])
    .where(sql.ref('lat'), 'is', null)
    .execute();
}
