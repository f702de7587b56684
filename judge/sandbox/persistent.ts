/**
 * A persistent box: one outer supervisor, one bubblewrap container and one inner supervisor
 * (pid 1) that live for a whole submission's run phase, so a case costs a fork, an exec and a
 * wait instead of a new container and new cgroups.
 *
 *   judge (Node) ──stdin: "<length>\n" + NUL-separated run options──▶ judge-sup --persistent
 *                ◀─stdout: one JSON line per run (the SandboxResult fields + boxAlive)──
 *   judge-sup --persistent ──SOCK_SEQPACKET, argv + SCM_RIGHTS(stdin, stdout, stderr)──▶ pid 1
 *
 * The outer supervisor opens the program's stdio (paths from the judge, outside the box, as the
 * judge would: O_NOFOLLOW, created 0600) and passes the fds to pid 1, which forks, sets the
 * rlimits, drops to the box uid and execs. After each run pid 1 kills and reaps every process
 * of the namespace, and a child running as the box uid empties /tmp and removes SysV IPC
 * objects; a box that cannot be made clean ends itself. The cgroups are the box's: the peak is
 * reset before each run, CPU, oom_kill and pids events are taken as deltas.
 *
 * `PersistentSandbox` starts the box on first use and starts a fresh one when the box died (a
 * run then reports the failure; the next run gets a new box). Never throws.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  announceFallback,
  type Mount,
  type ReadOnlyBind,
  type SandboxResult,
  sandboxFailure,
} from './driver';
import { bwrapPath, cgroupRoot, sandboxProblem, supervisorPath } from './paths';

/** Fixed for the box's lifetime (namespaces, mounts, cgroups). */
export interface BoxOptions {
  /** host directory bound at /w */
  boxDir: string;
  uid: number;
  /** bind /w read-write (default read-only: runs) */
  boxWritable?: boolean;
  /** memory limit of the box's cgroup (program + in-box /tmp + supervisors), KB */
  memoryKB: number;
  /** tasks in the box (pids.max); also the default RLIMIT_NPROC of a run */
  pids: number;
  /** size of the private /tmp tmpfs (counts as memory), KB */
  tmpKB?: number;
  /** set for every run (bwrap --setenv) */
  env?: Record<string, string>;
  binds?: ReadOnlyBind[];
  dirs?: string[];
  /** binds after /w, fixed for the box: the judge changes the files' contents between runs */
  mounts?: Mount[];
  /** false forces the rlimit fallback (tests) */
  useCgroups?: boolean;
}

/** One run in the box. */
export interface BoxRunOptions {
  argv: string[];
  /** working directory inside the box, default /w */
  cwd?: string;
  /** host paths opened by the supervisor outside the box; null: /dev/null */
  stdinPath?: string | null;
  stdoutPath?: string | null;
  /** the same path as stdoutPath merges both streams into one file */
  stderrPath?: string | null;
  cpuMs: number;
  wallMs: number;
  /** RLIMIT_FSIZE, bytes */
  outputBytes: number;
  stackKB?: number;
  nofile?: number;
  /** RLIMIT_AS, applied only without a memory cgroup */
  addressSpaceKB?: number;
  /** added to the box's environment for this run */
  env?: Record<string, string>;
}

const DIAG_CAP = 64 * 1024;
/** The supervisor enforces the wall limit itself; this only catches a hung supervisor. */
const SAFETY_MARGIN_MS = 15_000;
/** Starting the container (bwrap, cgroups) must not take longer than this. */
const START_TIMEOUT_MS = 30_000;

const n = (v: number) => String(Math.max(0, Math.floor(v)));

export function boxArgs(o: BoxOptions): string[] {
  const args = [
    '--persistent',
    '--bwrap',
    bwrapPath(),
    '--box',
    o.boxDir,
    '--uid',
    n(o.uid),
    '--mem-kb',
    n(o.memoryKB),
    '--pids',
    n(o.pids),
    '--tmp-kb',
    n(o.tmpKB ?? 16 * 1024),
  ];
  if (!o.boxWritable) args.push('--box-ro');
  if (o.useCgroups === false) args.push('--no-cgroup');
  const root = cgroupRoot();
  if (root) args.push('--cgroup-root', root);
  for (const dir of o.dirs ?? []) args.push('--dir', dir);
  for (const bind of o.binds ?? []) args.push('--ro-bind', bind.src, bind.dst);
  for (const m of o.mounts ?? []) args.push(m.writable ? '--mount-rw' : '--mount-ro', m.src, m.dst);
  for (const [key, value] of Object.entries(o.env ?? {})) args.push('--env', `${key}=${value}`);
  return args;
}

export function runArgs(r: BoxRunOptions): string[] {
  const args = [
    '--cpu-ms',
    n(r.cpuMs),
    '--wall-ms',
    n(Math.max(1, r.wallMs)),
    '--fsize',
    n(r.outputBytes),
    '--stack-kb',
    n(r.stackKB ?? 0),
    '--nofile',
    n(r.nofile ?? 64),
    '--as-kb',
    n(r.addressSpaceKB ?? 0),
  ];
  if (r.cwd) args.push('--chdir', r.cwd);
  if (r.stdinPath) args.push('--stdin', r.stdinPath);
  if (r.stdoutPath) args.push('--stdout', r.stdoutPath);
  if (r.stderrPath) args.push('--stderr', r.stderrPath);
  for (const [key, value] of Object.entries(r.env ?? {})) args.push('--env', `${key}=${value}`);
  args.push('--', ...r.argv);
  return args;
}

/** "<byte length>\n" + every argument NUL-terminated. */
export function encodeRequest(args: string[]): Buffer {
  const payload = Buffer.concat(args.map((a) => Buffer.from(`${a}\0`)));
  return Buffer.concat([Buffer.from(`${payload.length}\n`), payload]);
}

interface Pending {
  resolve(line: string | null): void;
}

/** One started box. Runs are serialised; a dead session only answers with failures. */
export class BoxSession {
  private readonly child: ChildProcess;
  private buffer = '';
  private diagnostics = '';
  private readonly waiting: Pending[] = [];
  private exited = false;
  private queue: Promise<unknown> = Promise.resolve();
  /** false once the box died or was closed */
  alive = true;
  /** host pid of the box's outer supervisor */
  get pid(): number | undefined {
    return this.child.pid;
  }
  cgroup: SandboxResult['cgroup'] = 'none';

  private constructor(args: string[]) {
    this.child = spawn(supervisorPath(), args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      this.buffer += d;
      for (;;) {
        const nl = this.buffer.indexOf('\n');
        if (nl < 0) break;
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        this.waiting.shift()?.resolve(line);
      }
    });
    this.child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      this.diagnostics = (this.diagnostics + d).slice(-DIAG_CAP);
    });
    this.child.stdin?.on('error', () => {
      // the supervisor is gone; 'exit' below answers whoever waits
    });
    // Waiters are answered null only at the end of stdout: 'exit' may come before the last
    // line (the result of the run after which a box ended) has been read.
    const gone = () => {
      this.exited = true;
      this.alive = false;
      for (const w of this.waiting.splice(0)) w.resolve(null);
    };
    this.child.stdout?.on('end', gone);
    this.child.on('error', gone);
    this.child.on('exit', () => {
      this.alive = false;
    });
  }

  /** Starts a box; resolves once it is ready, or with the reason it is not. */
  static async open(o: BoxOptions): Promise<{ session: BoxSession } | { error: string }> {
    const problem = sandboxProblem();
    if (problem) return { error: problem };
    const session = new BoxSession(boxArgs(o));
    const line = await session.nextLine(START_TIMEOUT_MS);
    try {
      const ready = JSON.parse(line ?? '') as {
        ready: boolean;
        cgroup?: SandboxResult['cgroup'];
        error?: string;
      };
      if (ready.ready) {
        session.cgroup = ready.cgroup ?? 'none';
        announceFallback(
          { cgroup: session.cgroup, error: null, diagnostics: session.diagnostics },
          o.useCgroups,
        );
        return { session };
      }
      await session.close();
      return { error: `${ready.error ?? 'the sandbox box did not start'}: ${session.diag()}` };
    } catch {
      await session.close();
      return { error: `the sandbox box did not start: ${session.diag()}` };
    }
  }

  private diag(): string {
    return this.diagnostics.trim().slice(-500);
  }

  /** The next line from the supervisor, or null when it exited or did not answer in time. */
  private nextLine(timeoutMs: number): Promise<string | null> {
    if (this.exited) return Promise.resolve(null);
    return new Promise((resolve) => {
      let done = false;
      const finish = (line: string | null) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve(line);
      };
      const entry: Pending = { resolve: finish };
      const timer = setTimeout(() => {
        const i = this.waiting.indexOf(entry);
        if (i >= 0) this.waiting.splice(i, 1);
        finish(null);
      }, timeoutMs);
      this.waiting.push(entry);
    });
  }

  /** Never throws; a failure of the box comes back in `error` with boxAlive false. */
  run(r: BoxRunOptions): Promise<SandboxResult> {
    const next = this.queue.then(() => this.runNow(r));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async runNow(r: BoxRunOptions): Promise<SandboxResult> {
    if (!this.alive) return { ...sandboxFailure('the sandbox box is gone'), boxAlive: false };
    const answer = this.nextLine(r.wallMs + SAFETY_MARGIN_MS);
    this.child.stdin?.write(encodeRequest(runArgs(r)));
    let line = await answer;
    if (line === null && !this.exited) {
      // hung supervisor: SIGTERM makes it kill the box and still answer
      const late = this.nextLine(SAFETY_MARGIN_MS);
      this.child.kill('SIGTERM');
      line = await late;
      if (line === null) this.child.kill('SIGKILL');
    }
    try {
      const parsed = JSON.parse(line ?? '') as Omit<SandboxResult, 'diagnostics'>;
      if (!parsed.boxAlive) this.alive = false;
      const result: SandboxResult = { ...parsed, diagnostics: this.diagnostics };
      if (result.error && this.diag()) result.error = `${result.error}: ${this.diag()}`;
      return result;
    } catch {
      this.alive = false;
      return { ...sandboxFailure(`the sandbox box died: ${this.diag()}`), boxAlive: false };
    }
  }

  /** Ends the box: the supervisor kills everything in it and removes its cgroups. */
  async close(): Promise<void> {
    this.alive = false;
    await this.queue;
    // never started (spawn error), or already exited
    if (this.child.pid === undefined || this.child.exitCode !== null || this.child.signalCode !== null)
      return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdin?.end();
    const term = setTimeout(() => this.child.kill('SIGTERM'), 5_000);
    const hard = setTimeout(() => this.child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(term);
    clearTimeout(hard);
  }
}

/**
 * A box for a submission's runs: started on first use, restarted after it died. A run that
 * finds the box dead without the program being at fault (the box could not start, or died
 * between runs) is retried once in a fresh box.
 */
export class PersistentSandbox {
  private session: BoxSession | null = null;
  /** boxes started so far (tests and logs) */
  started = 0;

  /** host pid of the current box's outer supervisor, if one runs */
  get supervisorPid(): number | undefined {
    return this.session?.alive ? this.session.pid : undefined;
  }

  constructor(readonly options: BoxOptions) {}

  private async ensure(): Promise<BoxSession | string> {
    if (this.session?.alive) return this.session;
    await this.session?.close();
    this.session = null;
    const opened = await BoxSession.open(this.options);
    if ('error' in opened) return opened.error;
    this.started++;
    this.session = opened.session;
    return opened.session;
  }

  async run(r: BoxRunOptions): Promise<SandboxResult> {
    for (let attempt = 0; ; attempt++) {
      const session = await this.ensure();
      if (typeof session === 'string') return sandboxFailure(session);
      const result = await session.run(r);
      // a box that died without the run having started is not the program's doing: once more
      const notStarted = result.error !== null && !result.innerReported && result.wallMs === 0;
      if (notStarted && !result.terminated && attempt === 0) continue;
      return result;
    }
  }

  async close(): Promise<void> {
    await this.session?.close();
    this.session = null;
  }
}
