import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppLanguage } from '../../shared/i18n';

interface ManifestChunk {
  file: string;
  name?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

const own = (manifest: Manifest, key: string) => (Object.hasOwn(manifest, key) ? manifest[key] : undefined);

/** The build's manifest (`.vite/manifest.json`), read again when the app is rebuilt; null without one. */
function manifestOf(webDir: string): () => Promise<Manifest | null> {
  const file = join(webDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; manifest: Manifest } | null = null;
  return async () => {
    const mtimeMs = await stat(file).then(
      (s) => s.mtimeMs,
      () => null,
    );
    if (mtimeMs === null) return null;
    if (cached?.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, manifest: JSON.parse(await readFile(file, 'utf8')) as Manifest };
    }
    return cached.manifest;
  };
}

/**
 * The script of a language's messages in the built web app, from its manifest, or null without
 * one (an older build: the app then fetches it when it starts). The page's head names it, so it
 * arrives beside the app's own scripts instead of after them: the app renders nothing before it.
 *
 * Only that file in the head: naming the first screen's own chunks there too was tried and measured
 * worse on a simulated phone (docs/benchmarks.md, The first screen's scripts): on a slow link they
 * share the bandwidth with the app's entry, and a page without the server's frame waits for the
 * entry to paint. A page with the frame names them after its paint (`startScripts`).
 */
export function messagesScript(webDir: string): (lang: AppLanguage) => Promise<string | null> {
  const manifest = manifestOf(webDir);
  return async (lang) => {
    const messages = own((await manifest()) ?? {}, `../locales/${lang}.json`);
    return messages ? `/${messages.file}` : null;
  };
}

/**
 * The style sheets of the build's chunk named `name` (Vite's manifest entry `name`), as paths: a
 * page the server rendered with that chunk's markup names them in its head, so the markup is styled
 * at its first paint rather than when the app loads the chunk. None without a manifest.
 */
export function chunkStyles(webDir: string, name: string): () => Promise<string[]> {
  const manifest = manifestOf(webDir);
  return async () => {
    const chunk = Object.values((await manifest()) ?? {}).find((c) => c.name === name);
    return (chunk?.css ?? []).map((file) => `/${file}`);
  };
}

/**
 * The scripts the app's start loads, as paths: the entry's imports and the modules its stages
 * import, each with the modules it imports, the entry itself left out. None without a manifest.
 */
export function startScripts(webDir: string): () => Promise<string[]> {
  const manifest = manifestOf(webDir);
  return async () => {
    const chunks = (await manifest()) ?? {};
    const entry = own(chunks, 'index.html');
    if (!entry) return [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = own(chunks, key);
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      for (const next of chunk.imports ?? []) visit(next);
    };
    for (const key of [...(entry.imports ?? []), ...(entry.dynamicImports ?? [])]) visit(key);
    return [...seen]
      .map((key) => own(chunks, key)?.file)
      .filter((file): file is string => !!file && file !== entry.file)
      .map((file) => `/${file}`);
  };
}
