import { config } from 'zod/v4';

/*
 * What `zod` means in the web build (vite.config.ts aliases it here). The page's
 * Content-Security-Policy forbids eval; zod probes for it with `Function('')` before compiling
 * fast parsers, and the browser reports every probe as a policy violation. Parsing without
 * compiling avoids that. Being zod itself, this runs before any module that makes a schema,
 * wherever zod loads (it is not in the first page's code: schemas load with the data).
 */
config({ jitless: true });

export * from 'zod/v4';
