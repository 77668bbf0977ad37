import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser journeys against the built server (see e2e/README.md). One Chromium for the whole run and the
 * files one after another: the machine has two cores shared with other work.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/journeys/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    reporters: process.env.CI ? ['default'] : ['verbose'],
  },
});
