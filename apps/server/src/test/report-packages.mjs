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

// Node's own fetch (undici) is a builtin, loaded on first use of fetch or WebSocket, or by any ES import
// of node:http: reported as `node:undici` when the process exits.
process.on('exit', () => {
  if (process.moduleLoadList.some((m) => m.endsWith('internal/deps/undici/undici')))
    process.stderr.write('package-loaded node:undici\n');
});
