import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it may, and probes for that when the first
 * object schema is built; under a Content-Security-Policy without 'unsafe-eval' (the site's, and
 * every extension page's) even the caught probe is reported as a violation. Jitless parsing skips
 * both. Imported first by each page entry (web/main.tsx, the extension's popup and side panel),
 * before any module builds a schema.
 */
z.config({ jitless: true });
