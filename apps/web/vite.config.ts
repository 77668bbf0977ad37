import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const shared = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

// React Router's package exports only its development build (warnings included); production uses the lean one.
const routerProd = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside every compressible file of the build, which the
 * server sends to browsers that accept them (@fastify/static `preCompressed`): without them the first
 * view's 88 KB of gzip JavaScript went out as 274 KB (bench/RESULTS.md).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .filter((e) => !e.name.startsWith('.')) // .vite/manifest.json is for tools, never served
      .flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  return {
    name: 'saathchalo:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/.test(file) || statSync(file).size < 1024)
          continue;
        const data = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), precompress()],
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
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
}));
