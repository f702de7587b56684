import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it may, and probes for that when the first
 * object schema is built; under the site's Content-Security-Policy (no 'unsafe-eval') even the
 * caught probe is reported as a violation. Jitless parsing skips both. Imported first by main.tsx,
 * before any module builds a schema.
 */
z.config({ jitless: true });
