/**
 * The admin console's Verify: a package's example submissions judged by this server's in-process
 * judge, as a job the console polls (docs/problem-formats.md, Verify in the console).
 *
 * Jobs live in this process's memory: they are short (minutes), only root starts them, and a lost
 * job costs nothing but a click. Rules:
 * - one job judges at a time in this process, so verification takes one judge slot at most
 *   beside the in-process workers; up to `waiting` more wait their turn in order, and a start
 *   beyond that is refused (429) rather than queued without end;
 * - each user may start `starts.max` jobs per window (a rate_window quota, shared by replicas);
 * - a job is visible only to the user who started it (anyone else, other roots included: 404);
 * - a finished job's report is kept `keepMs` (30 min), then forgotten;
 * - a job's test data is written to its own directory under DATA_DIR/temp when it is accepted (so a
 *   waiting job holds no test data in memory) and removed when it ends.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { AppError, notFound } from '../errors';
import { countRequest } from '../site/rate-window';
import { readZip } from './archive';
import { assertCanImport, type Upload } from './import';
import { loadImportDefaults } from './settings';
import type { ImportNotice, ParsedProblem } from './types';
import {
  type PreparedVerification,
  packageProblem,
  prepareVerification,
  runVerification,
  type VerifyJudge,
  type VerifyReport,
} from './verify';

export const VERIFY_LIMITS = {
  /** verifications waiting behind the running one (per process) */
  waiting: 3,
  /** starts per user and window */
  starts: { max: 20, windowSeconds: 3600 },
  /** how long a finished job's report is kept */
  keepMs: 30 * 60_000,
  /** leftover job directories (a process that died mid-job) older than this are removed */
  staleDirMs: 24 * 3600_000,
} as const;

/** The directory under DATA_DIR where jobs keep their test data while they run. */
export const VERIFY_TEMP_DIR = 'temp';

/** What a poll sees: progress, then the report or why the job failed. */
export interface VerifyJobView {
  state: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  /** jobs ahead of this one while it waits */
  waiting?: number;
  report?: VerifyReport;
  error?: ImportNotice;
}

interface Job {
  id: string;
  owner: string;
  state: 'waiting' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  dir: string;
  prepared: PreparedVerification | null;
  report?: VerifyReport;
  error?: ImportNotice;
  /** Date.now() when it ended */
  endedAt?: number;
}

export interface VerifyJobsOptions {
  /** DATA_DIR/temp */
  tempDir: string;
  /** the server's in-process judge; null: the server has none, verification is refused (503) */
  judge: VerifyJudge | null;
  /** the languages the judge runs */
  languages: () => readonly string[];
  log?: { error(obj: object, msg: string): void };
  /** VERIFY_LIMITS' waiting and keepMs, changed (tests) */
  limits?: { waiting?: number; keepMs?: number };
}

export class VerifyJobs {
  private readonly jobs = new Map<string, Job>();
  /** waiting jobs, oldest first */
  private readonly queue: Job[] = [];
  private running: Job | null = null;
  private closed = false;
  private swept = false;
  private readonly waitingMax: number;
  private readonly keepMs: number;

  constructor(private readonly options: VerifyJobsOptions) {
    this.waitingMax = options.limits?.waiting ?? VERIFY_LIMITS.waiting;
    this.keepMs = options.limits?.keepMs ?? VERIFY_LIMITS.keepMs;
  }

  get canJudge(): boolean {
    return this.options.judge !== null;
  }

  /** Accepts a parsed package: its cases go to disk now, it is judged when its turn comes. */
  async submit(owner: string, problem: ParsedProblem): Promise<string> {
    this.forgetOld();
    if (this.closed) throw new AppError(503, 'import.verify.noJudge');
    if (this.running && this.queue.length >= this.waitingMax)
      throw new AppError(429, 'import.verify.busy', { count: this.queue.length + 1 });
    await this.sweepLeftovers();
    await mkdir(this.options.tempDir, { recursive: true, mode: 0o700 });
    const dir = await mkdtemp(join(this.options.tempDir, 'verify-'));
    let prepared: PreparedVerification;
    try {
      prepared = await prepareVerification(problem, dir);
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
    // checked again: other starts may have been accepted while the cases were written
    if (this.closed || (this.running && this.queue.length >= this.waitingMax)) {
      await rm(dir, { recursive: true, force: true });
      if (this.closed) throw new AppError(503, 'import.verify.noJudge');
      throw new AppError(429, 'import.verify.busy', { count: this.queue.length + 1 });
    }
    const job: Job = {
      id: randomBytes(16).toString('hex'),
      owner,
      state: 'waiting',
      done: 0,
      total: prepared.submissions.length,
      dir,
      prepared,
    };
    this.jobs.set(job.id, job);
    this.queue.push(job);
    this.pump();
    return job.id;
  }

  /** A job as its owner sees it; anyone else's, an unknown or a forgotten one is a 404. */
  view(owner: string, id: string): VerifyJobView {
    this.forgetOld();
    const job = this.jobs.get(id);
    if (!job || job.owner !== owner) throw notFound('import.verify.jobGone');
    const view: VerifyJobView = {
      state: job.state === 'waiting' ? 'running' : job.state,
      done: job.done,
      total: job.total,
    };
    if (job.state === 'waiting') view.waiting = this.queue.indexOf(job) + (this.running ? 1 : 0);
    if (job.report) view.report = job.report;
    if (job.error) view.error = job.error;
    return view;
  }

  /** Stops taking jobs and removes the waiting ones' data; the running one removes its own when the judge returns. */
  async close(): Promise<void> {
    this.closed = true;
    const waiting = this.queue.splice(0);
    for (const job of waiting) this.jobs.delete(job.id);
    await Promise.all(waiting.map((job) => rm(job.dir, { recursive: true, force: true })));
  }

  /** Starts the next waiting job when none runs. */
  private pump(): void {
    if (this.running || this.closed) return;
    const job = this.queue.shift();
    if (!job) return;
    this.running = job;
    void this.execute(job).finally(() => {
      this.running = null;
      this.pump();
    });
  }

  private async execute(job: Job): Promise<void> {
    job.state = 'running';
    const { judge } = this.options;
    try {
      if (!judge || !job.prepared) throw new AppError(503, 'import.verify.noJudge');
      job.report = await runVerification(
        job.prepared,
        { judge, languages: new Set(this.options.languages()) },
        () => {
          job.done++;
        },
      );
      job.state = 'done';
    } catch (err) {
      this.options.log?.error({ err, verifyId: job.id }, 'package verification failed');
      job.state = 'failed';
      job.error =
        err instanceof AppError
          ? { key: err.key, params: err.params }
          : { key: 'import.verify.jobFailed', params: { detail: (err as Error).message } };
    } finally {
      job.prepared = null;
      job.endedAt = Date.now();
      await rm(job.dir, { recursive: true, force: true }).catch((err: unknown) =>
        this.options.log?.error({ err, dir: job.dir }, 'cannot remove a verification directory'),
      );
    }
  }

  private forgetOld(): void {
    const before = Date.now() - this.keepMs;
    for (const [id, job] of this.jobs)
      if (job.endedAt !== undefined && job.endedAt < before) this.jobs.delete(id);
  }

  /**
   * Directories of jobs a stopped process never finished. Only old ones: replicas sharing DATA_DIR
   * run their own jobs in the same directory.
   */
  private async sweepLeftovers(): Promise<void> {
    if (this.swept) return;
    this.swept = true;
    const names = await readdir(this.options.tempDir).catch(() => [] as string[]);
    const before = Date.now() - VERIFY_LIMITS.staleDirMs;
    for (const name of names) {
      if (!name.startsWith('verify-')) continue;
      const path = join(this.options.tempDir, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs < before) await rm(path, { recursive: true, force: true });
    }
  }
}

export interface VerifyDeps {
  db: Db;
  jobs: VerifyJobs;
}

/**
 * Who may verify and how often, checked before the upload is read: root only (as import), a
 * server with an in-process judge (503 otherwise), `starts` per user and window (429).
 */
export async function assertCanVerify(deps: VerifyDeps, user: CurrentUser): Promise<void> {
  assertCanImport(user);
  if (!deps.jobs.canJudge) throw new AppError(503, 'import.verify.noJudge');
  const { max, windowSeconds } = VERIFY_LIMITS.starts;
  const { count, resetSeconds } = await countRequest(deps.db, `verify-package:${user.uid}`, windowSeconds);
  if (count > max) {
    throw new AppError(
      429,
      'import.verify.tooOften',
      { max, minutes: Math.max(1, Math.ceil(resetSeconds / 60)) },
      { seconds: resetSeconds },
    );
  }
}

/**
 * Reads a Kattis or Polygon zip with the importer's parsers (its refusals are the importer's
 * messages, answered at once) and starts judging its example submissions.
 */
export async function startVerification(
  deps: VerifyDeps,
  user: CurrentUser,
  upload: Upload,
): Promise<{ verifyId: string }> {
  assertCanImport(user);
  const problem = packageProblem(
    await readZip(upload.data),
    upload.filename,
    await loadImportDefaults(deps.db),
  );
  return { verifyId: await deps.jobs.submit(user.uid, problem) };
}

export function verificationStatus(deps: VerifyDeps, user: CurrentUser, verifyId: string): VerifyJobView {
  assertCanImport(user);
  return deps.jobs.view(user.uid, verifyId);
}
