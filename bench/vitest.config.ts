import { defineConfig } from 'vitest/config';

/** The bench project's own tests (the web bundle budget): npx vitest run --config bench/vitest.config.ts */
export default defineConfig({
  test: {
    name: 'bench',
    root: 'bench',
    include: ['**/*.test.ts'],
    exclude: ['data/**'],
    environment: 'node',
  },
});
