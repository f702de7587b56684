import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppLanguage } from '../../shared/i18n';
import { firstScreenModule } from '../../shared/seo/first-screens';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** What a page's head names for early download, beside the scripts index.html names itself. */
export interface PagePreloads {
  /** module scripts (`<link rel="modulepreload">`) */
  scripts: string[];
  /** stylesheets the first screen applies once its script runs (`<link rel="preload" as="style">`) */
  styles: string[];
}

const NONE: PagePreloads = { scripts: [], styles: [] };

const own = (manifest: Manifest, key: string) => (Object.hasOwn(manifest, key) ? manifest[key] : undefined);

/** The chunk and every chunk it imports statically, each once, depth first. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !own(manifest, key)) return into;
  into.add(key);
  for (const next of own(manifest, key)?.imports ?? []) closure(manifest, next, into);
  return into;
}

/**
 * The built web app's manifest (`.vite/manifest.json`), read again when the app is rebuilt. The page's
 * head names two kinds of files the app would otherwise ask for only once it runs:
 * - the messages of the language shown (the web app downloads only that one, web/lib/i18n.ts);
 * - the first screen's own scripts (shared/seo/first-screens.ts): the screen's chunk and what it
 *   imports, less what index.html already names.
 * Both arrive beside the app's own scripts instead of after them. Without a manifest (an older
 * build) the page has no such hints and the app fetches them when it starts.
 */
export function pagePreloads(webDir: string): (lang: AppLanguage, pathname: string) => Promise<PagePreloads> {
  const file = join(webDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; manifest: Manifest; index: Set<string> } | null = null;
  return async (lang, pathname) => {
    const mtimeMs = await stat(file).then(
      (s) => s.mtimeMs,
      () => null,
    );
    if (mtimeMs === null) return NONE;
    if (cached?.mtimeMs !== mtimeMs) {
      const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
      cached = { mtimeMs, manifest, index: closure(manifest, 'index.html') };
    }
    const { manifest, index } = cached;
    const scripts: string[] = [];
    const styles: string[] = [];
    const messages = own(manifest, `../locales/${lang}.json`);
    if (messages) scripts.push(`/${messages.file}`);
    const screen = firstScreenModule(pathname);
    if (screen) {
      for (const key of closure(manifest, screen)) {
        if (index.has(key)) continue;
        const chunk = own(manifest, key);
        if (!chunk) continue;
        scripts.push(`/${chunk.file}`);
        for (const css of chunk.css ?? []) styles.push(`/${css}`);
      }
    }
    return { scripts, styles: [...new Set(styles)] };
  };
}
