import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { PrerenderedScreen } from '../src/app/prerender.tsx';
import { compressBeside } from './precompress.ts';

type Renderer = {
  prerenderedScreens: readonly PrerenderedScreen[];
  renderScreen(screen: PrerenderedScreen): Promise<string>;
};

const ROOT = '<div id="root"></div>';
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** The page names its entry for BOOT_SCRIPT to load after the first paint (packages/shared/src/boot-script.ts). */
function afterPaint(html: string): string {
  const entries = html.match(new RegExp(ENTRY.source, 'g')) ?? [];
  if (entries.length !== 1)
    throw new Error(`prerender: expected one entry script in index.html, found ${entries.length}`);
  return html.replace(ENTRY, (_, src: string) => `<meta name="app-entry" content="${src}">`);
}

/** `/` is prerendered/index.html, `/find-ride` prerendered/find-ride.html (apps/server/src/plugins/web.ts). */
export const prerenderedFile = (path: string) => `${path === '/' ? 'index' : path.slice(1)}.html`;

/**
 * After the browser build, renders the screens of src/app/prerender.tsx into copies of the built
 * index.html (`dist/prerendered/<screen>.html`, with .br and .gz): a server build of that module is made in
 * node_modules (so its imports of React and the rest resolve), loaded, run and removed. The root carries
 * the path and the kind of visitor it was made for, which main.tsx and BOOT_SCRIPT read, and the entry
 * script becomes a `<meta name="app-entry">` that BOOT_SCRIPT loads once the screen has painted.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'saathchalo:prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const serverOut = resolve(config.root, 'node_modules/.prerender');
      await build({
        root: config.root,
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: {
          ssr: 'src/app/prerender.tsx',
          outDir: serverOut,
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
          manifest: false,
        },
      });
      try {
        const renderer = (await import(pathToFileURL(join(serverOut, 'prerender.js')).href)) as Renderer;
        const template = afterPaint(readFileSync(join(outDir, 'index.html'), 'utf8'));
        if (!template.includes(ROOT)) throw new Error(`prerender: ${ROOT} is not in the built index.html`);
        mkdirSync(join(outDir, 'prerendered'), { recursive: true });
        for (const screen of renderer.prerenderedScreens) {
          const html = await renderer.renderScreen(screen);
          const root = `<div id="root" data-prerendered="${screen.path}" data-session="${screen.signedIn ? 'in' : 'out'}">${html}</div>`;
          const file = join(outDir, 'prerendered', prerenderedFile(screen.path));
          writeFileSync(
            file,
            template.replace(ROOT, () => root),
          );
          compressBeside(file);
        }
      } finally {
        rmSync(serverOut, { recursive: true, force: true });
      }
    },
  };
}
