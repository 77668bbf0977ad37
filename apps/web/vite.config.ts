import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { BOOT_SCRIPT } from '../../packages/shared/src/boot-script.ts';
import { precompress } from './build/precompress.ts';
import { prerender } from './build/prerender.ts';

const shared = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

// React Router's package exports only its development build (warnings included); production uses the lean one.
const routerProd = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/** The inline script that marks a visitor or a signed-in user and starts the app (its file says why). */
function bootScript(): Plugin {
  return {
    name: 'saathchalo:boot-script',
    transformIndexHtml: () => [{ tag: 'script', children: BOOT_SCRIPT, injectTo: 'head-prepend' }],
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [bootScript(), react(), tailwindcss(), precompress(), prerender()],
  resolve: {
    alias: {
      '@saathchalo/shared': shared,
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      ...(mode === 'production' ? { 'react-router': routerProd } : {}),
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' } },
  build: { target: 'es2022', sourcemap: false, reportCompressedSize: true, manifest: true },
  test: {
    name: 'web',
    environment: 'happy-dom',
    // Vitest's own default finds src/**/*.test.tsx: an include here would be joined to the root config's
    // lists (vitest.config.ts: `web-alone`), not replaced by them.
    setupFiles: ['./src/test/setup.ts'],
    // CI runs these beside the PostgreSQL suite on two cores: a lazy dialog's chunk can take seconds there.
    testTimeout: 15_000,
  },
}));
