import { existsSync } from 'node:fs';
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * `preCompressed` makes @fastify/static send a file's .br or .gz sibling to browsers that accept it,
 * but the Vite build writes none, so every asset went out uncompressed: the first view's 88 KB of gzip
 * JavaScript was 274 KB on the wire (Lighthouse on slow 4G, bench/RESULTS.md). Missing or outdated
 * siblings are made here, once, at start: written to a temporary file and renamed, so servers starting
 * together agree. A read-only dist simply stays uncompressed.
 */
export async function precompressAssets(root: string): Promise<number> {
  const assets = existsSync(join(root, 'assets'))
    ? (await readdir(join(root, 'assets'))).map((f) => join(root, 'assets', f))
    : [];
  const files = [join(root, 'index.html'), ...assets].filter((f) => COMPRESSIBLE.test(f));
  let made = 0;
  for (const file of files) {
    const source = await stat(file);
    if (source.size < MIN_BYTES) continue;
    let data: Buffer | undefined;
    for (const [suffix, compress] of [
      ['.br', (b: Buffer) => brotli(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
      ['.gz', (b: Buffer) => gz(b, { level: 9 })],
    ] as const) {
      const target = file + suffix;
      if (existsSync(target) && (await stat(target)).mtimeMs >= source.mtimeMs) continue;
      data ??= await readFile(file);
      const temporary = `${target}.${process.pid}.${made}.tmp`;
      await writeFile(temporary, await compress(data));
      await rename(temporary, target);
      made += 1;
    }
  }
  return made;
}
