/**
 * The operator's languages file (docs/judge.md, Languages: the operator's languages file): a JSON
 * array named by VERDICT_LANGUAGES_FILE whose entries add languages to the detected table, or
 * replace a detected one of the same name. Each entry is checked as strictly as the detected
 * table is built: a zod schema first (unknown fields are typos, not ignored), then every command's
 * program resolved to a real executable (shims refused, as toolchains.ts realExecutable does) that
 * the sandbox can see. Any mistake stops the judge at start with a message naming the file, the
 * entry and the field: a judge that cannot run a language as configured must not judge it wrongly.
 */
import { readFile, stat } from 'node:fs/promises';
import { delimiter, join, posix } from 'node:path';
import { z } from 'zod';
import type { LanguageSpec } from './language-spec';
import type { ReadOnlyBind } from './sandbox/driver';
import { parentsOf, realExecutable } from './toolchains';

export const LANGUAGES_FILE_ENV = 'VERDICT_LANGUAGES_FILE';

/** A language name is stored in every submission and travels to remote judges: kept short. */
export const LANGUAGE_NAME_MAX = 64;

/** The file is wrong: the message names the file, the entry and the field. */
export class LanguagesFileError extends Error {
  override name = 'LanguagesFileError';
}

/** Trees the sandbox binds read-only for every run (docs/judge.md, bwrap flags and why). */
const SANDBOX_TREES = ['/usr', '/lib', '/lib64', '/bin'];
/** The sandbox's own mounts: a bind or directory there would hide the box, /tmp, /proc or the supervisor. */
const SANDBOX_OWN = ['/w', '/tmp', '/proc', '/dev', '/.judge-sup'];

const under = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);

/** Absolute, normalised (no ".", "..", "//" or trailing "/"), not the root itself. */
function isCleanAbsolute(p: string): boolean {
  return p.startsWith('/') && p !== '/' && posix.normalize(p) === p && !p.endsWith('/');
}

const cleanPath = z
  .string()
  .max(4096)
  .refine(isCleanAbsolute, 'must be an absolute path without ".", ".." or a trailing "/", and not "/"');

/** Where something may be put inside the sandbox: never over the sandbox's own mounts. */
const boxPath = cleanPath.refine(
  (p) => !SANDBOX_OWN.some((own) => under(p, own)) && !SANDBOX_TREES.includes(p),
  `must not be ${[...SANDBOX_OWN, ...SANDBOX_TREES].join(', ')} or inside ${SANDBOX_OWN.join(', ')}`,
);

const bind = z.union([
  // a toolchain directory bound at its own path (its RUNPATH and scripts point there)
  cleanPath,
  z.strictObject({ src: cleanPath, dst: boxPath }),
]);

const argv = z.array(z.string().min(1).max(4096)).min(1).max(100);
const PLACEHOLDER = /\{[^}]*\}/g;
const RUN_PLACEHOLDERS = new Set(['{memoryMB}', '{stackMB}']);

const factor = z.number().positive().max(20);

const entrySchema = z.strictObject({
  name: z
    .string()
    .min(1)
    .max(LANGUAGE_NAME_MAX)
    .refine(
      (s) => s.trim() === s && ![...s].some((c) => c.charCodeAt(0) < 0x20),
      'must have no surrounding spaces or control characters',
    ),
  description: z.string().max(200),
  contentType: z
    .string()
    .max(100)
    .regex(/^[a-z]+\/[A-Za-z0-9.+-]+$/, 'must be a CodeMirror mode such as "text/x-sh"'),
  // the source is written into the box under this name: a plain file name, never a path
  sourceFile: z
    .string()
    .max(100)
    .regex(
      /^[A-Za-z0-9_][A-Za-z0-9_.+-]*$/,
      'must be a plain file name (letters, digits, "_", ".", "+", "-")',
    ),
  compile: argv
    .refine((a) => !a.some((s) => s.match(PLACEHOLDER)), 'takes no {placeholders} (only run does)')
    .nullable(),
  run: argv.refine(
    (a) => a.every((s) => (s.match(PLACEHOLDER) ?? []).every((p) => RUN_PLACEHOLDERS.has(p))),
    'knows only the placeholders {memoryMB} and {stackMB}',
  ),
  timeFactor: factor,
  memoryFactor: factor,
  template: z.string().max(65_536),
  extraMemoryMB: z.number().int().min(0).max(16_384).default(0),
  runPids: z.number().int().min(1).max(4096).default(64),
  addressSpaceLimit: z.boolean().default(true),
  binds: z.array(bind).max(32).default([]),
  dirs: z.array(boxPath).max(64).default([]),
  env: z
    .record(
      z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'environment names are letters, digits and "_"'),
      z.string().max(4096),
    )
    .default({}),
});

type Entry = z.infer<typeof entrySchema>;

const fileSchema = z.array(z.unknown()).max(200);

function fieldOf(path: readonly PropertyKey[]): string {
  return path.length === 0
    ? 'the entry'
    : path
        .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
        .join('.')
        .replace(/\.\[/g, '[');
}

/** "entry 2 ("Bash")": entries are counted from 1, as an editor shows them. */
function entryLabel(index: number, raw: unknown): string {
  const name = raw && typeof raw === 'object' ? (raw as { name?: unknown }).name : undefined;
  return typeof name === 'string'
    ? `entry ${index + 1} (${JSON.stringify(name.slice(0, 80))})`
    : `entry ${index + 1}`;
}

/** Checks the file's text against the schema (no file system access): the entries, or the first mistakes. */
export function parseLanguagesFile(text: string, file: string): Entry[] {
  const fail = (what: string) => new LanguagesFileError(`${LANGUAGES_FILE_ENV} ${file}: ${what}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw fail(`not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  const list = fileSchema.safeParse(json);
  if (!list.success) throw fail('must be a JSON array of at most 200 language entries');
  const entries: Entry[] = [];
  const seen = new Map<string, number>();
  for (const [i, raw] of list.data.entries()) {
    const parsed = entrySchema.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${fieldOf(issue.path)}: ${issue.message}`);
      throw fail(`${entryLabel(i, raw)}: ${issues.join('; ')}`);
    }
    const earlier = seen.get(parsed.data.name);
    if (earlier !== undefined)
      throw fail(`${entryLabel(i, raw)}: name: already used by entry ${earlier + 1}`);
    seen.set(parsed.data.name, i);
    entries.push(parsed.data);
  }
  return entries;
}

/** A bare command name looked up on the judge's PATH; shims are skipped for the next real one. */
async function onPath(command: string): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(delimiter)) {
    if (!dir.startsWith('/')) continue;
    const real = await realExecutable(join(dir, command));
    if (real) return real;
  }
  return null;
}

/** Where a host path is seen inside the sandbox: a tree it binds, or an entry's bind; null when nowhere. */
function sandboxPath(real: string, binds: readonly ReadOnlyBind[]): string | null {
  if (SANDBOX_TREES.some((tree) => under(real, tree))) return real;
  for (const b of binds) if (under(real, b.src)) return b.dst + real.slice(b.src.length);
  return null;
}

/**
 * The program of a command (argv[0]) as the sandbox runs it: a real executable on this machine,
 * visible in the sandbox. `run` may instead name what compiling left in the box (/w/main).
 */
async function resolveProgram(
  program: string,
  field: 'compile' | 'run',
  binds: readonly ReadOnlyBind[],
): Promise<string> {
  if (field === 'run' && program.startsWith('/w/')) {
    if (!isCleanAbsolute(program))
      throw new Error(`${field}[0]: "${program}" is not a clean path in the box`);
    return program;
  }
  let real: string | null;
  if (program.startsWith('/')) {
    real = await realExecutable(program);
    if (!real)
      throw new Error(
        `${field}[0]: "${program}" is not an executable on this machine (missing, not executable, or a version manager's shim)`,
      );
  } else if (!program.includes('/')) {
    real = await onPath(program);
    if (!real)
      throw new Error(`${field}[0]: "${program}" is not found on PATH (version managers' shims are refused)`);
  } else {
    throw new Error(`${field}[0]: "${program}" must be an absolute path or a command name`);
  }
  const inBox = sandboxPath(real, binds);
  if (!inBox)
    throw new Error(
      `${field}[0]: "${program}" is ${real}, which the sandbox cannot see: bind its directory (binds)`,
    );
  return inBox;
}

/** The entry made concrete: binds as src/dst pairs that exist, programs resolved, parents created. */
async function resolveEntry(entry: Entry): Promise<LanguageSpec> {
  const binds: ReadOnlyBind[] = entry.binds.map((b) => (typeof b === 'string' ? { src: b, dst: b } : b));
  for (const [i, b] of binds.entries()) {
    if (SANDBOX_OWN.some((own) => under(b.dst, own)) || SANDBOX_TREES.includes(b.dst))
      throw new Error(`binds[${i}]: "${b.dst}" would hide the sandbox's own ${b.dst}`);
    const exists = await stat(b.src).then(
      () => true,
      () => false,
    );
    if (!exists) throw new Error(`binds[${i}]: "${b.src}" does not exist on this machine`);
  }
  const compile = entry.compile
    ? [await resolveProgram(entry.compile[0] as string, 'compile', binds), ...entry.compile.slice(1)]
    : null;
  const run = [await resolveProgram(entry.run[0] as string, 'run', binds), ...entry.run.slice(1)];
  // bwrap creates a bind's missing parents 0700, which the box uid cannot pass (docs/judge.md)
  const dirs = new Set(entry.dirs);
  for (const b of binds)
    for (const parent of parentsOf(b.dst))
      if (!SANDBOX_TREES.some((tree) => under(parent, tree))) dirs.add(parent);
  return {
    name: entry.name,
    description: entry.description,
    contentType: entry.contentType,
    sourceFile: entry.sourceFile,
    compile,
    run,
    timeFactor: entry.timeFactor,
    memoryFactor: entry.memoryFactor,
    extraMemoryMB: entry.extraMemoryMB,
    runPids: entry.runPids,
    addressSpaceLimit: entry.addressSpaceLimit,
    template: entry.template,
    binds,
    dirs: [...dirs].sort((a, b) => a.length - b.length || a.localeCompare(b)),
    env: entry.env,
  };
}

/** Reads, checks and resolves one languages file; throws LanguagesFileError on any mistake. */
export async function loadLanguagesFile(file: string): Promise<LanguageSpec[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new LanguagesFileError(`${LANGUAGES_FILE_ENV} ${file}: cannot be read (${code})`);
  }
  const entries = parseLanguagesFile(text, file);
  const out: LanguageSpec[] = [];
  for (const [i, entry] of entries.entries()) {
    try {
      out.push(await resolveEntry(entry));
    } catch (err) {
      throw new LanguagesFileError(
        `${LANGUAGES_FILE_ENV} ${file}: ${entryLabel(i, entry)}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
  return out;
}

/** The operator's languages, from the file VERDICT_LANGUAGES_FILE names; none when it is unset. */
export function operatorLanguages(env: NodeJS.ProcessEnv = process.env): Promise<LanguageSpec[]> {
  const file = env[LANGUAGES_FILE_ENV];
  return file ? loadLanguagesFile(file) : Promise.resolve([]);
}

/** An operator's entry replaces the detected one of its name in place; new names come last, in file order. */
export function mergeLanguages(
  detected: readonly LanguageSpec[],
  operator: readonly LanguageSpec[],
): LanguageSpec[] {
  const byName = new Map(operator.map((l) => [l.name, l]));
  const merged = detected.map((l) => byName.get(l.name) ?? l);
  const known = new Set(detected.map((l) => l.name));
  return [...merged, ...operator.filter((l) => !known.has(l.name))];
}
