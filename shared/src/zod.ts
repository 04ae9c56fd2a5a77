import * as z from './zod-namespace';

/**
 * zod for every shared schema. In a browser it runs without generated code: zod otherwise probes
 * `new Function` once, which the PWA's content security policy (no 'unsafe-eval') refuses and
 * reports. The server keeps zod's faster compiled parsers.
 */
z.config({ jitless: 'document' in globalThis });

export { z };
