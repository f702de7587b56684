/**
 * Finding a language's toolchain on the judge machine: real executables (never shims, which need
 * the user's environment and home), and the binds that make a toolchain outside /usr visible in
 * the sandbox at its own path.
 */
import { constants } from 'node:fs';
import { access, readdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { ReadOnlyBind } from './sandbox/driver';

export async function isExecutable(path: string): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Real path of an executable, refusing shims (pyenv/rbenv/asdf/rustup proxies). */
export async function realExecutable(path: string): Promise<string | null> {
  try {
    const real = await realpath(path);
    if (/\/(shims|\.cargo\/bin)\//.test(real) || basename(real) === 'rustup') return null;
    return (await isExecutable(real)) ? real : null;
  } catch {
    return null;
  }
}

/** Parents to create 0755 so a bind at `dir` is reachable by the box uid. */
export function parentsOf(dir: string): string[] {
  const out: string[] = [];
  for (let p = dirname(dir); p !== '/' && p !== '.'; p = dirname(p)) out.unshift(p);
  return out;
}

/** A toolchain living outside /usr is bound at its own path (its RUNPATH points there). */
export function bindInPlace(dir: string): { binds: ReadOnlyBind[]; dirs: string[] } {
  if (dir === '/usr' || dir.startsWith('/usr/')) return { binds: [], dirs: [] };
  return { binds: [{ src: dir, dst: dir }], dirs: parentsOf(dir) };
}

export async function newestVersionDir(parent: string, pattern: RegExp): Promise<string | null> {
  try {
    const names = (await readdir(parent)).filter((n) => pattern.test(n));
    names.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    const last = names.pop();
    return last ? join(parent, last) : null;
  } catch {
    return null;
  }
}

/** Is `path` an existing regular file (a jar, a config, a compiler's .exe run by its runtime)? */
export async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** Is `path` an existing directory? */
export async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

/** The JDK of /usr/bin/javac: its compiler, its runtime, and the binds its files need in the box. */
export async function locateJdk(): Promise<{
  javac: string;
  java: string;
  major: string | undefined;
  binds: ReadOnlyBind[];
  dirs: string[];
} | null> {
  const javac = await realExecutable('/usr/bin/javac');
  if (!javac) return null;
  const home = dirname(dirname(javac));
  const java = await realExecutable(join(home, 'bin', 'java'));
  if (!java) return null;
  const major = /java-(\d+)-/.exec(basename(home))?.[1];
  // Debian's JDK keeps its configuration in /etc/java-N-openjdk (conf/ holds symlinks to it).
  const etc = major ? `/etc/java-${major}-openjdk` : null;
  const placed = bindInPlace(home);
  const etcBinds = etc && (await isDirectory(etc)) ? [{ src: etc, dst: etc }] : [];
  return { javac, java, major, binds: [...placed.binds, ...etcBinds], dirs: placed.dirs };
}
