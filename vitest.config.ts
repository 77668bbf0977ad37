import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Web test files that stand in for a module of the app's (vi.mock) or mount the whole app (main), found by
 * reading them: each needs a module graph of its own.
 */
const WEB_ALONE = globSync('src/**/*.test.{ts,tsx}', { cwd: 'apps/web' }).filter((file) =>
  /vi\.mock\(|import\('\.\/main'\)/.test(readFileSync(`apps/web/${file}`, 'utf8')),
);

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
          // Each file builds its own app on its own database and the server keeps no module state (issue 18),
          // so files share one module graph: importing it again per file cost 110 of 320 s on SQLite.
          isolate: false,
        },
      },
      // The web app's files share one module graph and one page, as the server's do, but for those that stand
      // in for a module of the app's (vi.mock: a chunk that cannot load) or start the whole app (main): those
      // run alone, as `web-alone`. Sharing cut the web files from 335 to 76 s.
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          isolate: false,
          exclude: [...configDefaults.exclude, ...WEB_ALONE],
          setupFiles: ['./src/test/shared-page.ts'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web-alone', root: 'apps/web', include: WEB_ALONE },
      },
    ],
  },
});
