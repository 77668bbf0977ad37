// Preloaded into a server process by tests: prints `package-loaded <name>` to stderr the first time the
// process loads anything from node_modules/<name>, by import or by require.
import { registerHooks } from 'node:module';

const seen = new Set();
registerHooks({
  resolve(specifier, context, next) {
    const result = next(specifier, context);
    const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(result.url)?.[1];
    if (name && !seen.has(name)) {
      seen.add(name);
      process.stderr.write(`package-loaded ${name}\n`);
    }
    return result;
  },
});
