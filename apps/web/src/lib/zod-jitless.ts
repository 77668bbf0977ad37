// Zod compiles object parsers with `new Function` when it may, and probes for that once. Under the server's
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') the probe is an eval violation that Chrome
// reports as an issue (Lighthouse best practices), though parsing works the same without it. Since zod
// 4.6 the probe runs when a schema is made, as the shared schemas' chunk loads, before any module of ours
// could call zod's `config`. Zod keeps its settings in `globalThis.__zod_globalConfig`, made when it first
// loads if absent: set here, from the entry's first import, it holds before zod ever runs, and the entry
// carries none of zod (which would add 3.6 KB gzip to the first view).
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(scope.__zod_globalConfig ??= {}).jitless = true;

export {};
