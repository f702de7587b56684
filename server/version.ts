import { readFileSync } from 'node:fs';

let version: string | null = null;

/** Verdict's version, from its package.json (read once). */
export function verdictVersion(): string {
  if (version === null) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
        version?: unknown;
      };
      version = typeof pkg.version === 'string' ? pkg.version : 'unknown';
    } catch {
      version = 'unknown';
    }
  }
  return version;
}
