import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

/** Writes `file.br` (quality 11) and `file.gz` (level 9) beside a compressible file of 1 KB or more. */
export function compressBeside(file: string): void {
  if (!compressible.test(file) || statSync(file).size < 1024) return;
  const data = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
}

/**
 * Writes a .br and a .gz beside every compressible file of the build, which the server sends to browsers
 * that accept them (@fastify/static `preCompressed`): without them the first view's 88 KB of gzip
 * JavaScript went out as 274 KB (bench/RESULTS.md).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .filter((e) => !e.name.startsWith('.')) // .vite/manifest.json is for tools, never served
      .flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  return {
    name: 'saathchalo:precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      walk(outDir).forEach(compressBeside);
    },
  };
}
