import { z } from 'zod';

// The page's Content-Security-Policy forbids eval. Zod probes for it with `Function('')` before
// compiling fast parsers, and the browser reports every such probe as a policy violation: parse
// without compiling instead. Zod probes when a schema is made, so this has to run before any
// module that makes one: main.tsx imports it first, and the build puts it in zod's own chunk.
z.config({ jitless: true });
