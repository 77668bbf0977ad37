import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { systemClock } from './lib/clock.js';
import { startBackground } from './background.js';
import { closeWithDeadline } from './plugins/shutdown.js';
import { gazetteer } from './features/places/gazetteer.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = createDatabase(config.databaseUrl, {
    onIdleError: (err) => console.warn(`database: an idle connection was closed (${err.message}); it will be replaced`),
  });
  await migrateToLatest(database.db);
  // Read now, so the first autocomplete or offer does not wait for it (decision 013: about 0.1 s).
  gazetteer();
  const app = await buildApp({
    config,
    db: database.db,
    dbKind: database.kind,
    dataVersion: database.dataVersion,
    changeFeed: database.changeFeed,
    clock: systemClock,
  });
  const background = await startBackground(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      // Stops accepting and lets requests in flight finish, until the deadline cuts the stragglers.
      await closeWithDeadline(app, config.http.shutdownTimeoutMs);
      await background.stop();
      await database.destroy();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('SaathChalo failed to start:', err);
  }
  process.exit(1);
});
