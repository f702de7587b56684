import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppLanguage } from '../../shared/i18n';

interface ManifestChunk {
  file: string;
}

/**
 * The built web app's manifest (`.vite/manifest.json`), read again when the app is rebuilt: it maps
 * each language's messages file to the hashed script that carries it. The web app downloads only
 * the language it shows (web/lib/i18n.ts); the page's head names that script so the browser fetches
 * it beside the app's own scripts instead of after them. Without a manifest (an older build) the
 * page has no such hint and the app fetches its language when it starts.
 */
export function languageScripts(webDir: string): (lang: AppLanguage) => Promise<string | null> {
  const file = join(webDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; chunks: Record<string, ManifestChunk> } | null = null;
  return async (lang) => {
    const mtimeMs = await stat(file).then(
      (s) => s.mtimeMs,
      () => null,
    );
    if (mtimeMs === null) return null;
    if (cached?.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, chunks: JSON.parse(await readFile(file, 'utf8')) as Record<string, ManifestChunk> };
    }
    const chunk = Object.hasOwn(cached.chunks, `../locales/${lang}.json`)
      ? cached.chunks[`../locales/${lang}.json`]
      : undefined;
    return chunk ? `/${chunk.file}` : null;
  };
}
