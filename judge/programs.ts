/**
 * Problem programs (special judge checkers, interactors): compiled once per ProblemProgram.key in
 * the sandbox like contestants' code, and cached as a directory that later runs bind read-only
 * at /w.
 *
 * Cache: <boxRoot>/../checker-cache/ (root-owned 0700), one entry per
 * sha256(format, language, compile and run commands, key). An entry is built in a temporary
 * directory and renamed into place, so concurrent judges (processes or hosts sharing the
 * directory) never see half an entry; the loser of a race drops its copy. Entries are copied out
 * of the compile box as plain files and directories only (links and special files are skipped),
 * owned by root, 0644/0755. Compile failures are not cached (they may be resource limits under
 * load); concurrent requests for one key within a process share one compilation.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmod, copyFile, lstat, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { bundledTestlib, compileSpecFor, needsBundledTestlib, TESTLIB_HEADER } from './bundled-testlib';
import { compileInBox } from './compile';
import { DiskBound } from './disk-bound';
import { findLanguage, type LanguageSpec } from './languages';
import { CACHE_BOUNDS } from './limits';
import { createBox, defaultBoxRoot, destroyBox, ensurePrivateDir } from './sandbox/boxes';
import { specForSource } from './source-spec';
import type { ProblemProgram } from './types';
import { writeSources } from './write-sources';

const CACHE_FORMAT = 'verdict-program-cache-1';

export interface CompiledProgram {
  program: ProblemProgram;
  spec: LanguageSpec;
  /** the cache entry: bound read-only at /w when the program runs */
  dir: string;
}

export type PrepareOutcome =
  | { ok: true; compiled: CompiledProgram /** compiled now (false: taken from the cache) */; fresh: boolean }
  | { ok: false; message: string };

export interface ProgramCacheOptions {
  /** where compile boxes go (default: defaultBoxRoot()) */
  boxRoot?: string;
  /** default: <boxRoot>/../checker-cache */
  cacheDir?: string;
  /** the cache's size bound in MB, least recently used out first (default CACHE_BOUNDS.programsMB) */
  cacheMaxMB?: number;
}

const bounds = new Map<string, DiskBound>();

/** One bound per cache directory, so concurrent compilations share one trim. */
function boundOf(cacheDir: string, maxMB: number = CACHE_BOUNDS.programsMB): DiskBound {
  let bound = bounds.get(cacheDir);
  if (!bound) {
    bound = new DiskBound(cacheDir, { maxBytes: maxMB * 1024 * 1024 });
    bounds.set(cacheDir, bound);
  }
  return bound;
}

export function programCacheDir(boxRoot = defaultBoxRoot()): string {
  return join(dirname(boxRoot), 'checker-cache');
}

/** `bundledHeaderSha256`: the hash of Verdict's testlib.h when the judge adds it to the program. */
export function programCacheKey(
  program: ProblemProgram,
  spec: LanguageSpec,
  bundledHeaderSha256?: string,
): string {
  const parts: unknown[] = [CACHE_FORMAT, program.language, spec.compile, spec.run, program.key];
  if (bundledHeaderSha256) parts.push({ bundledTestlib: bundledHeaderSha256 });
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** Regular files and directories only; never follows links. */
async function copyTree(src: string, dst: string): Promise<void> {
  await mkdir(dst, { mode: 0o755 });
  await chmod(dst, 0o755);
  for (const name of await readdir(src)) {
    const from = join(src, name);
    const to = join(dst, name);
    const st = await lstat(from);
    if (st.isDirectory()) await copyTree(from, to);
    else if (st.isFile()) {
      await copyFile(from, to);
      await chmod(to, st.mode & 0o111 ? 0o755 : 0o644);
    }
  }
}

async function build(
  program: ProblemProgram,
  spec: LanguageSpec,
  extraFiles: Record<string, string>,
  entry: string,
  cacheDir: string,
  boxRoot: string | undefined,
): Promise<PrepareOutcome> {
  const box = await createBox(`program-${program.key.slice(0, 12)}`, boxRoot);
  try {
    try {
      await writeSources(box.boxDir, box.uid, spec.sourceFile, program.code, extraFiles);
    } catch (err) {
      return { ok: false, message: (err as Error).message };
    }
    const compiled = await compileInBox(compileSpecFor(program, spec), box);
    if (!compiled.ok) return { ok: false, message: compiled.message };
    const tmp = join(cacheDir, `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      await copyTree(box.boxDir, tmp);
      await rename(tmp, entry);
    } catch (err) {
      await rm(tmp, { recursive: true, force: true });
      const code = (err as NodeJS.ErrnoException).code;
      // another judge renamed its copy first: use that one
      if (!((code === 'ENOTEMPTY' || code === 'EEXIST') && (await isDirectory(entry)))) throw err;
    }
    return { ok: true, compiled: { program, spec, dir: entry }, fresh: true };
  } finally {
    await destroyBox(box);
  }
}

/** Temporary entries older than this were left by a judge that died while copying. */
const STALE_TMP_MS = 60 * 60 * 1000;

async function sweepStale(cacheDir: string): Promise<void> {
  for (const name of await readdir(cacheDir)) {
    if (!name.startsWith('.tmp-')) continue;
    const path = join(cacheDir, name);
    const st = await lstat(path).catch(() => null);
    if (st && Date.now() - st.mtimeMs > STALE_TMP_MS) await rm(path, { recursive: true, force: true });
  }
}

const inflight = new Map<string, Promise<PrepareOutcome>>();

/** Never throws for problems of the program itself (unknown language, compile error). */
export async function prepareProgram(
  program: ProblemProgram,
  options: ProgramCacheOptions = {},
): Promise<PrepareOutcome> {
  const language = await findLanguage(program.language);
  if (!language)
    return { ok: false, message: `language "${program.language}" is not available on this judge` };
  const source = specForSource(language, program.code);
  if (!source.ok) return { ok: false, message: source.message };
  const spec = source.spec;
  const cacheDir = options.cacheDir ?? programCacheDir(options.boxRoot);
  let extraFiles = program.extraFiles;
  let bundledSha: string | undefined;
  if (needsBundledTestlib(program, spec)) {
    try {
      const header = await bundledTestlib();
      extraFiles = { ...program.extraFiles, [TESTLIB_HEADER]: header.text };
      bundledSha = header.sha256;
    } catch (err) {
      return { ok: false, message: (err as Error).message };
    }
  }
  const hash = programCacheKey(program, spec, bundledSha);
  const entry = join(cacheDir, hash);
  const bound = boundOf(cacheDir, options.cacheMaxMB);
  if (await isDirectory(entry)) {
    await bound.touch(entry);
    return { ok: true, compiled: { program, spec, dir: entry }, fresh: false };
  }
  const running = inflight.get(entry);
  if (running) {
    const shared = await running;
    return shared.ok ? { ...shared, fresh: false } : shared;
  }
  const task = (async () => {
    await ensurePrivateDir(cacheDir);
    await sweepStale(cacheDir);
    const outcome = await build(program, spec, extraFiles, entry, cacheDir, options.boxRoot);
    // trimming must never fail a judgement: what it could not remove is tried again next time
    if (outcome.ok && outcome.fresh) bound.added().catch(() => {});
    return outcome;
  })();
  inflight.set(entry, task);
  try {
    return await task;
  } finally {
    inflight.delete(entry);
  }
}
