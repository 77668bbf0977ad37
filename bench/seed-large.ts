/**
 * npm run seed:large -- --users 100000 --rides 1000000 [--seed 42] [--reset]
 *
 * Fills the database named by DATABASE_URL (SQLite or PostgreSQL, default sqlite:./data/saathchalo.db)
 * with realistic SaathChalo data. Every generated user signs in with the password SEED_PASSWORD below.
 */
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import cliProgress from 'cli-progress';
import { sql } from 'kysely';
import { createDatabase } from '../apps/server/dist/db/database.js';
import { migrateToLatest } from '../apps/server/dist/db/migrate.js';
import { hashPassword } from '../apps/server/dist/lib/password.js';
import { DEFAULT_DATABASE_URL, isSqlite, removeSqlite, sqlitePath } from './lib/database-url.ts';
import { generate, type SeedResult } from './seed/generate.ts';
import { seedRideCells } from './seed/ride-cells.ts';
import { postgresSink, sqliteSink, type Sink } from './seed/sinks.ts';

/** The password of every generated user (one argon2id hash computed once: seeding stays fast). */
export const SEED_PASSWORD = 'SaathChalo@2026';

export interface SeedRun {
  databaseUrl: string;
  users: number;
  rides: number;
  seed?: number;
  reset?: boolean;
  quiet?: boolean;
}

export async function seedLarge(run: SeedRun): Promise<SeedResult & { seconds: number }> {
  const started = performance.now();
  const url = run.databaseUrl;
  if (run.reset) {
    if (isSqlite(url)) removeSqlite(url);
    else {
      const { recreatePostgres } = await import('./lib/database-url.ts');
      await recreatePostgres(url);
    }
  }
  // The server's own migrations create the schema.
  const handle = createDatabase(url);
  await migrateToLatest(handle.db);
  await handle.destroy();

  const sink: Sink = isSqlite(url) ? sqliteSink(sqlitePath(url)) : await postgresSink(url);
  try {
    for (const table of ['users', 'rides']) {
      if ((await sink.count(table)) > 0) {
        throw new Error(`The database already holds ${table}; pass --reset to start from an empty one.`);
      }
    }
    const passwordHash = await hashPassword(SEED_PASSWORD);
    const bars = run.quiet
      ? null
      : new cliProgress.MultiBar(
          {
            format: ' {bar} {percentage}% | {name} {value}/{total} {extra}',
            hideCursor: true,
            clearOnComplete: false,
            noTTYOutput: true,
            notTTYSchedule: 3000,
          },
          cliProgress.Presets.shades_classic,
        );
    const usersBar = bars?.create(run.users, 0, { name: 'users', extra: '' });
    const ridesBar = bars?.create(run.rides, 0, { name: 'rides', extra: '' });
    const result = await generate(sink, {
      users: run.users,
      rides: run.rides,
      seed: run.seed ?? 42,
      nowMs: Date.now(),
      passwordHash,
      progress: (p) => {
        usersBar?.update(p.users);
        ridesBar?.update(p.rides, { extra: `| bookings ${p.bookings} | ratings ${p.ratings}` });
      },
    });
    bars?.stop();
    await sink.close();
    // The routes on the search grid, from the points just written (search along the way, decision 020).
    const cells = createDatabase(url);
    await seedRideCells(cells.db);
    // The sink's ANALYZE ran before the grid was drawn: without statistics PostgreSQL reads a busy cell
    // by a bitmap scan and a sort instead of in key order. VACUUM also sets the visibility map, as
    // autovacuum would on a server that has it on, so the grid's reads can be index-only.
    await sql
      .raw(cells.kind === 'postgres' ? 'VACUUM ANALYZE ride_cells' : 'ANALYZE ride_cells')
      .execute(cells.db);
    await cells.destroy();
    return { ...result, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    await sink.close().catch(() => {});
    throw error;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '100000' },
      rides: { type: 'string', default: '1000000' },
      seed: { type: 'string', default: '42' },
      reset: { type: 'boolean', default: false },
    },
  });
  const users = Number(values.users);
  const rides = Number(values.rides);
  if (!Number.isInteger(users) || users < 10 || !Number.isInteger(rides) || rides < 0) {
    throw new Error('--users must be an integer of at least 10 and --rides an integer of at least 0');
  }
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  if (isSqlite(databaseUrl) && !values.reset && existsSync(sqlitePath(databaseUrl))) {
    console.log(`Adding to ${databaseUrl} (it must not hold users or rides yet; --reset starts it afresh)`);
  }
  console.log(`Seeding ${databaseUrl}: ${users} users, ${rides} rides (seed ${values.seed})`);
  const r = await seedLarge({ databaseUrl, users, rides, seed: Number(values.seed), reset: values.reset });
  console.log(
    `Done in ${r.seconds.toFixed(1)} s: ${r.users} users, ${r.rides} rides, ${r.bookings} bookings, ${r.ratings} ratings, ${r.places} new places.`,
  );
  console.log(`Every generated user signs in with the password ${SEED_PASSWORD}.`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
