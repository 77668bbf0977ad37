import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const shared = fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url));

/** One runner for the whole repo: each workspace is a project; the shared package is read from source. */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { '@saathchalo/shared': shared } },
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias: { '@saathchalo/shared': shared } },
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // One migrated database per run that every test database is copied from (src/test/test-db.ts).
          globalSetup: ['src/test/database-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web',
    ],
  },
});
