import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser journeys against the built server (see e2e/README.md). One Chromium for the whole run, two
 * files at a time: much of a journey waits on the clock (a ride that must leave before it is rated, a
 * commute's job), and journeys share no data. On two cores the 78 journeys took 494 s so, 672 s one file
 * after another.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/journeys/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 90_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    reporters: process.env.CI ? ['default'] : ['verbose'],
  },
});
