import { sql, type Kysely } from 'kysely';

// Migrations are typed Kysely<any>: they describe the schema as it was then, not as it is now.
export async function up(db: Kysely<any>): Promise<void> {
  await accounts(db);
  await outbox(db);
  await places(db);
  await marketplace(db);
}

/** Users, their sessions, refresh tokens and e-mail tokens. */
async function accounts(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('bio', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('picture_file', 'text')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('retired_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_tokens_user')
    .on('email_tokens')
    .columns(['user_id', 'purpose'])
    .execute();
}

async function outbox(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
}

async function places(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('places')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('norm', 'text', (c) => c.notNull().unique())
    .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ride_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('place_terms')
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('place_id', 'text', (c) => c.notNull().references('places.id'))
    .addPrimaryKeyConstraint('place_terms_pk', ['term', 'place_id'])
    .execute();
  await db.schema.createIndex('place_terms_place').on('place_terms').column('place_id').execute();
}

/** Rides, bookings and ratings. */
async function marketplace(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rides')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('driver_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('from_place_id', 'text', (c) => c.notNull().references('places.id'))
    .addColumn('to_place_id', 'text', (c) => c.notNull().references('places.id'))
    .addColumn('from_name', 'text', (c) => c.notNull())
    .addColumn('to_name', 'text', (c) => c.notNull())
    .addColumn('departure_date', 'text', (c) => c.notNull())
    .addColumn('departure_time', 'text', (c) => c.notNull())
    .addColumn('departure_at', 'bigint', (c) => c.notNull())
    .addColumn('total_seats', 'integer', (c) => c.notNull())
    .addColumn('available_seats', 'integer', (c) => c.notNull().check(sql`available_seats >= 0`))
    .addColumn('price_per_seat', 'integer', (c) => c.notNull())
    .addColumn('car_model', 'text', (c) => c.notNull())
    .addColumn('car_number', 'text', (c) => c.notNull())
    .addColumn('additional_info', 'text')
    .addColumn('instant_booking', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rides_search')
    .on('rides')
    .columns(['from_place_id', 'to_place_id', 'departure_date', 'departure_at'])
    .execute();
  await db.schema.createIndex('rides_driver').on('rides').columns(['driver_id', 'departure_at']).execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ride_id', 'text', (c) => c.notNull().references('rides.id'))
    .addColumn('passenger_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('driver_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('seats_booked', 'integer', (c) => c.notNull())
    .addColumn('total_amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_status', 'text', (c) => c.notNull())
    .addColumn('pickup_location', 'text')
    .addColumn('drop_location', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bookings_ride').on('bookings').columns(['ride_id', 'status']).execute();
  await db.schema
    .createIndex('bookings_passenger')
    .on('bookings')
    .columns(['passenger_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('bookings_driver')
    .on('bookings')
    .columns(['driver_id', 'created_at'])
    .execute();
  // One open booking per passenger per ride, enforced by the database itself.
  await db.schema
    .createIndex('bookings_one_open')
    .on('bookings')
    .columns(['ride_id', 'passenger_id'])
    .unique()
    .where(sql<boolean>`status in ('PENDING', 'CONFIRMED')`)
    .execute();

  await db.schema
    .createTable('ratings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ride_id', 'text', (c) => c.notNull().references('rides.id'))
    .addColumn('rater_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('ratee_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('ratings_once', ['rater_id', 'ratee_id', 'ride_id'])
    .execute();
  await db.schema.createIndex('ratings_ratee').on('ratings').columns(['ratee_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'ratings',
    'bookings',
    'rides',
    'place_terms',
    'places',
    'outbox',
    'email_tokens',
    'refresh_tokens',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
