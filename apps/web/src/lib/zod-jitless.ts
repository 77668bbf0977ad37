import { config } from 'zod';

// Zod compiles object parsers with `new Function` when it may, and probes for that on the first parse.
// Under the server's Content-Security-Policy (script-src 'self', no 'unsafe-eval') the probe is an eval
// violation that Chrome reports as an issue (Lighthouse best practices). Parsing works the same without it.
// Every module that parses with zod imports this one (forms through ./zod-resolver), so it holds before
// the first parse. The entry does not: that would pull zod into the first view's JavaScript (+3.6 KB gzip).
config({ jitless: true });
