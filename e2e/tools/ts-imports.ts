import { registerHooks } from 'node:module';

/**
 * The e2e code imports its TypeScript siblings as `./x.js`, as the compiler wants; Node's type stripping
 * runs the `.ts` files but does not map those names, so this maps a missing relative `.js` to its `.ts`.
 */
registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (err) {
      if (!specifier.startsWith('.') || !specifier.endsWith('.js')) throw err;
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
  },
});
