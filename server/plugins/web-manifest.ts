import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppLanguage } from '../../shared/i18n';

interface ManifestChunk {
  file: string;
}

type Manifest = Record<string, ManifestChunk>;

const own = (manifest: Manifest, key: string) => (Object.hasOwn(manifest, key) ? manifest[key] : undefined);

/**
 * The script of a language's messages in the built web app, from its manifest
 * (`.vite/manifest.json`, read again when the app is rebuilt), or null without one (an older build:
 * the app then fetches it when it starts). The page's head names it, so it arrives beside the app's
 * own scripts instead of after them: the app renders nothing before it.
 *
 * Only that file: naming the first screen's own chunks too was tried and measured worse on a
 * simulated phone (docs/benchmarks.md, The first screen's scripts): on a slow link they share the
 * bandwidth with the app's entry, and the first paint waits for the entry.
 */
export function messagesScript(webDir: string): (lang: AppLanguage) => Promise<string | null> {
  const file = join(webDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; manifest: Manifest } | null = null;
  return async (lang) => {
    const mtimeMs = await stat(file).then(
      (s) => s.mtimeMs,
      () => null,
    );
    if (mtimeMs === null) return null;
    if (cached?.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, manifest: JSON.parse(await readFile(file, 'utf8')) as Manifest };
    }
    const messages = own(cached.manifest, `../locales/${lang}.json`);
    return messages ? `/${messages.file}` : null;
  };
}
