// Runs the server straight from its TypeScript sources under Node's own type stripping, so a
// test can start real server processes without a build. Usage:
//   node --experimental-transform-types --import ./run-from-source.mjs ../server.ts
import { register } from 'node:module';

const hooks = `
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
const shared = new URL('../../../../packages/shared/src/index.ts', ${JSON.stringify(import.meta.url)});
export async function resolve(specifier, context, next) {
  if (specifier === '@saathchalo/shared') return { url: shared.href, shortCircuit: true };
  const parent = context.parentURL ?? '';
  if (specifier.startsWith('.') && specifier.endsWith('.js') && parent.endsWith('.ts')) {
    const ts = new URL(specifier.slice(0, -3) + '.ts', parent);
    if (existsSync(fileURLToPath(ts))) return { url: ts.href, shortCircuit: true };
  }
  return next(specifier, context);
}
`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, import.meta.url);
