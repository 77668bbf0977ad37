import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './test/import-graph.js';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

// Issue 18: a module that imports itself through others, even for a type, makes every layer of it
// load and change together. Lint's boundary rules do not see a cycle inside a feature; this does.
describe('the source has no import cycle', () => {
  it('none in the server, the web app or the shared package, type-only imports included', () => {
    const graph = importGraph([
      { dir: join(repo, 'apps/server/src') },
      { dir: join(repo, 'apps/web/src'), aliases: { '@/': join(repo, 'apps/web/src') } },
      {
        dir: join(repo, 'packages/shared/src'),
        aliases: { '@saathchalo/shared': join(repo, 'packages/shared/src/index.ts') },
      },
    ]);
    expect(graph.size).toBeGreaterThan(500);
    const cycles = importCycles(graph).map((group) => group.map((f) => relative(repo, f)));
    expect(cycles).toEqual([]);
  });

  describe('the check itself', () => {
    let dir = '';
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    const tree = (files: Record<string, string>) => {
      dir = mkdtempSync(join(tmpdir(), 'cycles-'));
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(join(dir, name, '..'), { recursive: true });
        writeFileSync(join(dir, name), text);
      }
      return importCycles(importGraph([{ dir, aliases: { '@/': dir } }])).map((g) =>
        g.map((f) => relative(dir, f)),
      );
    };

    it('finds a cycle made only of type imports, through an index and an alias', () => {
      expect(
        tree({
          'a.ts': "import type { B } from './b/index.js';\nexport type A = B[];",
          'b/index.ts': "export type { B } from './b.js';",
          'b/b.ts': "import type { A } from '@/a';\nexport type B = { a?: A };",
        }),
      ).toEqual([['a.ts', 'b/b.ts', 'b/index.ts']]);
    });

    it('finds a cycle through a component loaded with import()', () => {
      expect(
        tree({
          'page.tsx': "const Dialog = () => import('./dialog.js');\nexport const page = Dialog;",
          'dialog.tsx': "import { page } from './page.js';\nexport default page;",
        }),
      ).toEqual([['dialog.tsx', 'page.tsx']]);
    });

    it('reports nothing for imports that only go one way, or to packages', () => {
      expect(
        tree({
          'a.ts': "import { b } from './b.js';\nimport { z } from 'zod';\nexport const a = [b, z];",
          'b.ts': 'export const b = 1;',
        }),
      ).toEqual([]);
    });
  });
});
