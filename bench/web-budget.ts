import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget of the issue: JavaScript loaded for the first view of / at most 90 KB gzip. */
export const FIRST_VIEW_JS_BUDGET_BYTES = 90 * 1024;
export const HOME_ROUTE_MODULE = 'src/app/routes/home.tsx';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface FirstViewJs {
  files: { file: string; gzipBytes: number; why: string }[];
  totalGzipBytes: number;
}

/**
 * The JavaScript the first view of / loads, from the built app: the entry script named in
 * dist/index.html, every chunk it imports statically (transitively), and the Home route's lazy
 * chunk with its own static imports, as listed in Vite's manifest (dist/.vite/manifest.json).
 * Module preloads in index.html count too. Each file is gzipped at level 9, as pre-compressed
 * assets are served.
 */
export function firstViewJs(dist: string): FirstViewJs {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const byFile = new Map(Object.entries(manifest).map(([key, c]) => [c.file, key]));
  const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/?([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  if (scripts.length === 0) throw new Error('dist/index.html loads no module script');
  if (!manifest[HOME_ROUTE_MODULE]) throw new Error(`the Vite manifest has no ${HOME_ROUTE_MODULE} chunk`);

  const seen = new Map<string, string>();
  const visit = (key: string, why: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.set(chunk.file, why);
    for (const dep of chunk.imports ?? []) visit(dep, `imported by ${chunk.file}`);
  };
  for (const file of [...scripts, ...preloads]) {
    const key = byFile.get(file);
    if (key) visit(key, scripts.includes(file) ? 'entry in index.html' : 'modulepreload in index.html');
    else seen.set(file, 'in index.html');
  }
  visit(HOME_ROUTE_MODULE, 'Home route');

  const files = [...seen].map(([file, why]) => ({
    file,
    why,
    gzipBytes: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
  }));
  return { files, totalGzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0) };
}
