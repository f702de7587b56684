/**
 * A size bound for a cache directory (docs/judge.md, Caches on disk): when the entries' total
 * passes `maxBytes`, the least recently used go first, down to 90 % of the bound so a trim is not
 * needed again at the next entry. An entry is a file or a directory at `depth` below the root
 * (1: root/entry; 2: root/xx/entry, as test data is fanned out by hash prefix); its last use is
 * its mtime, which the cache sets on every hit (`touch`). Entries used within `keepRecentMs` are
 * never removed, since a judge may be running with them; the bound is then exceeded until they
 * age. Names starting with '.' (temporaries being built) are left to their owners.
 */
import { lstat, readdir, rm, utimes } from 'node:fs/promises';
import { join } from 'node:path';

export interface DiskBoundOptions {
  maxBytes: number;
  /** 1: entries are the root's children; 2: its grandchildren (default 1) */
  depth?: 1 | 2;
  /** entries used this recently stay (default 10 minutes) */
  keepRecentMs?: number;
  now?: () => number;
}

interface Entry {
  path: string;
  bytes: number;
  usedAt: number;
}

async function sizeOf(path: string): Promise<number> {
  const st = await lstat(path).catch(() => null);
  if (!st) return 0;
  if (!st.isDirectory()) return st.size;
  let total = 0;
  for (const name of await readdir(path).catch(() => [] as string[])) total += await sizeOf(join(path, name));
  return total;
}

async function children(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => !n.startsWith('.')).map((n) => join(dir, n));
}

export class DiskBound {
  private trimming: Promise<string[]> | null = null;
  private again = false;

  constructor(
    private readonly root: string,
    private readonly options: DiskBoundOptions,
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Marks an entry as used now (its mtime), so it is among the last to go. */
  async touch(path: string): Promise<void> {
    const at = new Date(this.now());
    await utimes(path, at, at).catch(() => {});
  }

  /** An entry was added: trims in the background (one trim at a time; one more if asked meanwhile). */
  added(): Promise<string[]> {
    if (this.trimming) {
      this.again = true;
      return this.trimming;
    }
    this.trimming = (async () => {
      const removed: string[] = [];
      do {
        this.again = false;
        removed.push(...(await this.trim()));
      } while (this.again);
      return removed;
    })().finally(() => {
      this.trimming = null;
    });
    return this.trimming;
  }

  /** Removes least recently used entries until the total is within the bound; returns what went. */
  async trim(): Promise<string[]> {
    const depth = this.options.depth ?? 1;
    const paths =
      depth === 1
        ? await children(this.root)
        : (await Promise.all((await children(this.root)).map(children))).flat();
    const entries: Entry[] = [];
    for (const path of paths) {
      const st = await lstat(path).catch(() => null);
      if (st) entries.push({ path, bytes: await sizeOf(path), usedAt: st.mtimeMs });
    }
    let total = entries.reduce((sum, e) => sum + e.bytes, 0);
    if (total <= this.options.maxBytes) return [];
    const target = this.options.maxBytes * 0.9;
    const keepAfter = this.now() - (this.options.keepRecentMs ?? 10 * 60_000);
    const removed: string[] = [];
    for (const e of entries.sort((a, b) => a.usedAt - b.usedAt)) {
      if (total <= target) break;
      if (e.usedAt > keepAfter) break;
      await rm(e.path, { recursive: true, force: true });
      total -= e.bytes;
      removed.push(e.path);
    }
    return removed;
  }
}
