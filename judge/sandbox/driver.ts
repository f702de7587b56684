/**
 * Runs one program in the sandbox: spawns judge-sup (outer) → bwrap → judge-sup (inner, pid 1)
 * → program, and returns the supervisor's accounting. The program's stdio are files opened here,
 * outside the box, so the program never sees their paths and RLIMIT_FSIZE caps the output.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { bwrapPath, cgroupRoot, sandboxProblem, supervisorPath } from './paths';

export interface ReadOnlyBind {
  /** host path */
  src: string;
  /** path inside the sandbox */
  dst: string;
}

/**
 * A file or directory bound after /w (so it may sit inside /w, over a mount point that already
 * exists in the box directory, or under a directory listed in `dirs`).
 */
export interface Mount extends ReadOnlyBind {
  /** read-write (the program may write it; RLIMIT_FSIZE still caps files) */
  writable?: boolean;
}

export interface SandboxRunOptions {
  /** argv as seen inside the sandbox (absolute program path) */
  argv: string[];
  /** host directory bound at /w */
  boxDir: string;
  /** the box's uid (and gid) */
  uid: number;
  /** bind /w read-write (compilation) instead of read-only (runs) */
  boxWritable?: boolean;
  /** working directory inside the sandbox, default /w */
  cwd?: string;
  /** host paths; stdin is read, stdout/stderr are created or truncated. null: /dev/null */
  stdinPath?: string | null;
  stdoutPath?: string | null;
  /** the same path as stdoutPath merges both streams into one file */
  stderrPath?: string | null;
  /** CPU limit for the whole box (cgroup counter), ms */
  cpuMs: number;
  wallMs: number;
  /** memory limit of the box's cgroup (program + in-box /tmp + ~2 MiB of supervisors), KB */
  memoryKB: number;
  /** tasks (processes and threads) in the box; also RLIMIT_NPROC of the box uid */
  pids: number;
  /** RLIMIT_FSIZE: the largest file (stdout included) the program may write, bytes */
  outputBytes: number;
  /** RLIMIT_STACK, KB; 0 or absent: unlimited */
  stackKB?: number;
  /** size of the private /tmp tmpfs (counts as memory), KB */
  tmpKB?: number;
  nofile?: number;
  /** RLIMIT_AS, applied only when no memory cgroup could be created (never for JVMs) */
  addressSpaceKB?: number;
  env?: Record<string, string>;
  binds?: ReadOnlyBind[];
  /** directories created 0755 in the sandbox (parents of binds; bwrap would make them 0700) */
  dirs?: string[];
  /** binds applied after /w, in order (judge files for checkers, file-IO files) */
  mounts?: Mount[];
  /** false forces the rlimit fallback (tests) */
  useCgroups?: boolean;
}

export interface SandboxResult {
  /** a system failure (the run did not happen or was not measured); null otherwise */
  error: string | null;
  cgroup: 'v1' | 'v2' | 'none';
  exitCode: number | null;
  signal: number | null;
  /** CPU time of the whole box (cgroup counter; the program's rusage without cgroups) */
  cpuMs: number;
  /** utime+stime of the program as its parent saw it (wait4 inside the sandbox) */
  timeMs: number;
  wallMs: number;
  /** peak RSS of the program (wait4), or the cgroup peak when it was hard-killed */
  memoryKB: number;
  maxrssKB: number;
  cgroupPeakKB: number;
  oomKilled: boolean;
  pidsLimitHit: boolean;
  /** the program died of SIGXFSZ */
  outputLimit: boolean;
  /** the supervisor killed the run for CPU or wall time */
  tle: 'cpu' | 'wall' | null;
  terminated: boolean;
  innerReported: boolean;
  /** persistent boxes: whether the box can take another run (absent for one-shot runs) */
  boxAlive?: boolean;
  /** what the supervisor and bubblewrap printed on stderr (capped) */
  diagnostics: string;
}

const DIAG_CAP = 64 * 1024;
/** The supervisor enforces the wall limit itself; this only catches a hung supervisor. */
const SAFETY_MARGIN_MS = 15_000;

let fallbackAnnounced = false;

/** A result for a run that did not happen (or was not measured). */
export function sandboxFailure(error: string, diagnostics = ''): SandboxResult {
  return {
    error,
    cgroup: 'none',
    exitCode: null,
    signal: null,
    cpuMs: 0,
    timeMs: 0,
    wallMs: 0,
    memoryKB: 0,
    maxrssKB: 0,
    cgroupPeakKB: 0,
    oomKilled: false,
    pidsLimitHit: false,
    outputLimit: false,
    tle: null,
    terminated: false,
    innerReported: false,
    diagnostics,
  };
}

export function supervisorArgs(o: SandboxRunOptions): string[] {
  const n = (v: number) => String(Math.max(0, Math.floor(v)));
  const args = [
    '--bwrap',
    bwrapPath(),
    '--box',
    o.boxDir,
    '--uid',
    n(o.uid),
    '--cpu-ms',
    n(o.cpuMs),
    '--wall-ms',
    n(o.wallMs),
    '--mem-kb',
    n(o.memoryKB),
    '--pids',
    n(o.pids),
    '--fsize',
    n(o.outputBytes),
    '--stack-kb',
    n(o.stackKB ?? 0),
    '--tmp-kb',
    n(o.tmpKB ?? 16 * 1024),
    '--nofile',
    n(o.nofile ?? 64),
    '--as-kb',
    n(o.addressSpaceKB ?? 0),
    '--chdir',
    o.cwd ?? '/w',
  ];
  if (!o.boxWritable) args.push('--box-ro');
  if (o.useCgroups === false) args.push('--no-cgroup');
  const root = cgroupRoot();
  if (root) args.push('--cgroup-root', root);
  for (const dir of o.dirs ?? []) args.push('--dir', dir);
  for (const bind of o.binds ?? []) args.push('--ro-bind', bind.src, bind.dst);
  for (const m of o.mounts ?? []) args.push(m.writable ? '--mount-rw' : '--mount-ro', m.src, m.dst);
  for (const [key, value] of Object.entries(o.env ?? {})) args.push('--env', `${key}=${value}`);
  args.push('--', ...o.argv);
  return args;
}

const WRITE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;

async function openStdio(o: SandboxRunOptions): Promise<FileHandle[]> {
  const handles: FileHandle[] = [];
  try {
    handles.push(await open(o.stdinPath ?? '/dev/null', constants.O_RDONLY));
    const out = o.stdoutPath ? await open(o.stdoutPath, WRITE_FLAGS, 0o600) : await open('/dev/null', 'w');
    handles.push(out);
    if (o.stderrPath && o.stderrPath === o.stdoutPath) handles.push(out);
    else
      handles.push(
        o.stderrPath ? await open(o.stderrPath, WRITE_FLAGS, 0o600) : await open('/dev/null', 'w'),
      );
    return handles;
  } catch (err) {
    await Promise.all([...new Set(handles)].map((h) => h.close()));
    throw err;
  }
}

function parseResult(stdout: string, diagnostics: string, code: number | null): SandboxResult {
  const line = stdout.trim().split('\n').pop() ?? '';
  try {
    const parsed = JSON.parse(line) as Omit<SandboxResult, 'diagnostics'>;
    if (parsed.error && diagnostics.trim()) {
      parsed.error = `${parsed.error}: ${diagnostics.trim().slice(0, 500)}`;
    }
    return { ...parsed, diagnostics };
  } catch {
    return sandboxFailure(
      `supervisor gave no result (exit ${code}): ${diagnostics.trim().slice(0, 500)}`,
      diagnostics,
    );
  }
}

interface SupervisorOutput {
  stdout: string;
  diagnostics: string;
  code: number | null;
  spawnError: string | null;
}

/** Spawns judge-sup with fds 3.. taken from `fds`; SIGTERM only if it overruns `wallMs` a lot. */
function spawnSupervisor(args: string[], fds: number[], wallMs: number): Promise<SupervisorOutput> {
  return new Promise((done) => {
    const child = spawn(supervisorPath(), args, { stdio: ['ignore', 'pipe', 'pipe', ...fds] });
    let stdout = '';
    let diagnostics = '';
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      if (stdout.length < DIAG_CAP) stdout += d;
    });
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      if (diagnostics.length < DIAG_CAP) diagnostics += d;
    });
    // SIGTERM lets the supervisor kill the box and remove its cgroups; SIGKILL would leak them.
    const term = setTimeout(() => child.kill('SIGTERM'), wallMs + SAFETY_MARGIN_MS);
    const hard = setTimeout(() => child.kill('SIGKILL'), wallMs + 2 * SAFETY_MARGIN_MS);
    child.on('error', (err) => {
      clearTimeout(term);
      clearTimeout(hard);
      done({ stdout, diagnostics, code: null, spawnError: err.message });
    });
    child.on('close', (code) => {
      clearTimeout(term);
      clearTimeout(hard);
      done({ stdout, diagnostics, code, spawnError: null });
    });
  });
}

export function announceFallback(
  result: Pick<SandboxResult, 'cgroup' | 'error' | 'diagnostics'>,
  useCgroups: boolean | undefined,
): void {
  if (result.cgroup === 'none' && useCgroups !== false && !result.error && !fallbackAnnounced) {
    fallbackAnnounced = true;
    console.warn(
      'judge: no usable cgroups; falling back to rlimits (RLIMIT_AS for C/C++, per-process CPU limit) ' +
        `- accounting is degraded. ${result.diagnostics.trim()}`,
    );
  }
}

/** Never throws for anything the program does; system failures come back in `error`. */
export async function runInSandbox(o: SandboxRunOptions): Promise<SandboxResult> {
  const problem = sandboxProblem();
  if (problem) return sandboxFailure(problem);
  let handles: FileHandle[];
  try {
    handles = await openStdio(o);
  } catch (err) {
    return sandboxFailure(`cannot open the program's stdio: ${(err as Error).message}`);
  }
  try {
    const out = await spawnSupervisor(
      supervisorArgs(o),
      handles.map((h) => h.fd),
      o.wallMs,
    );
    const result = out.spawnError
      ? sandboxFailure(`cannot start the supervisor: ${out.spawnError}`)
      : parseResult(out.stdout, out.diagnostics, out.code);
    announceFallback(result, o.useCgroups);
    return result;
  } finally {
    await Promise.all([...new Set(handles)].map((h) => h.close()));
  }
}

/** One side of a pair: its stdin and stdout are the pipes, so only stderr is a file. */
export type PairSide = Omit<SandboxRunOptions, 'stdinPath' | 'stdoutPath'>;

export interface PairResult {
  /** the pair could not be run at all (each side may also carry its own error) */
  error: string | null;
  /** which program's sandbox ended first (a: the contestant, b: the interactor) */
  first: 'a' | 'b' | null;
  a: SandboxResult;
  b: SandboxResult;
}

function parsePair(out: SupervisorOutput): PairResult {
  const missing = (side: string) =>
    sandboxFailure(
      `supervisor gave no result for ${side} (exit ${out.code}): ${out.diagnostics.trim().slice(0, 500)}`,
    );
  if (out.spawnError) {
    const f = sandboxFailure(`cannot start the supervisor: ${out.spawnError}`);
    return { error: f.error, first: null, a: f, b: f };
  }
  const line = out.stdout.trim().split('\n').pop() ?? '';
  try {
    const parsed = JSON.parse(line) as {
      error: string | null;
      first: 'a' | 'b' | null;
      a: Omit<SandboxResult, 'diagnostics'> | null;
      b: Omit<SandboxResult, 'diagnostics'> | null;
    };
    const side = (r: Omit<SandboxResult, 'diagnostics'> | null, name: string): SandboxResult => {
      if (!r) return missing(name);
      const withDiag = { ...r, diagnostics: out.diagnostics };
      if (r.error && out.diagnostics.trim()) {
        withDiag.error = `${r.error}: ${out.diagnostics.trim().slice(0, 500)}`;
      }
      return withDiag;
    };
    return { error: parsed.error, first: parsed.first, a: side(parsed.a, 'a'), b: side(parsed.b, 'b') };
  } catch {
    const f = missing('the pair');
    return { error: f.error, first: null, a: f, b: f };
  }
}

/**
 * Runs two programs at once, each in its own sandbox, a's stdout piped into b's stdin and b's
 * stdout into a's stdin by the supervisor (never through Node). `okExits`: exit codes of b that
 * mean "a did well" (the supervisor keeps a's output pipe open after those; after any other exit
 * of b, a gets SIGPIPE on its next write). Never throws.
 */
export async function runPairInSandbox(a: PairSide, b: PairSide, okExits: number[]): Promise<PairResult> {
  const problem = sandboxProblem();
  if (problem) {
    const f = sandboxFailure(problem);
    return { error: problem, first: null, a: f, b: f };
  }
  const errs: FileHandle[] = [];
  try {
    for (const side of [a, b]) {
      errs.push(
        side.stderrPath ? await open(side.stderrPath, WRITE_FLAGS, 0o600) : await open('/dev/null', 'w'),
      );
    }
  } catch (err) {
    await Promise.all(errs.map((h) => h.close()));
    const f = sandboxFailure(`cannot open the programs' stderr: ${(err as Error).message}`);
    return { error: f.error, first: null, a: f, b: f };
  }
  try {
    const argsA = supervisorArgs(a);
    const args = [
      '--pair',
      okExits.map((c) => String(Math.trunc(c))).join(',') || '0',
      String(argsA.length),
      ...argsA,
      ...supervisorArgs(b),
    ];
    const out = await spawnSupervisor(
      args,
      errs.map((h) => h.fd),
      Math.max(a.wallMs, b.wallMs),
    );
    const result = parsePair(out);
    announceFallback(result.a, a.useCgroups);
    return result;
  } finally {
    await Promise.all(errs.map((h) => h.close()));
  }
}
