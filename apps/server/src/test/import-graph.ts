import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

/** A source tree and the prefixes its imports use for it besides relative paths (`@/` in the web app). */
export interface SourceTree {
  dir: string;
  aliases?: Readonly<Record<string, string>>;
}

/** Every .ts/.tsx file below `dir`, declarations left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * Which source files each file imports, re-exports or loads with `import()`, type-only imports included
 * (TypeScript's own pre-processor reads them all): specifiers that lead outside the trees are left out.
 */
export function importGraph(trees: readonly SourceTree[]): Map<string, string[]> {
  const files = new Set(trees.flatMap((t) => sourceFiles(t.dir)));
  const aliases = trees.flatMap((t) => Object.entries(t.aliases ?? {}));
  const fileOf = (from: string, specifier: string): string | undefined => {
    const alias = aliases.find(([prefix]) => specifier === prefix || specifier.startsWith(prefix));
    const base = alias
      ? resolve(alias[1], specifier.slice(alias[0].length))
      : specifier.startsWith('.')
        ? resolve(dirname(from), specifier)
        : undefined;
    if (base === undefined) return undefined;
    const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
    return [`${stem}.ts`, `${stem}.tsx`, join(stem, 'index.ts'), join(stem, 'index.tsx'), base].find((f) =>
      files.has(f),
    );
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    graph.set(
      file,
      importedFiles.flatMap((i) => fileOf(file, i.fileName) ?? []),
    );
  }
  return graph;
}

/** The groups of files that reach each other through their imports (Tarjan's strongly connected parts). */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) cycles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}
