/**
 * The judge worker loop shared by the server's in-process workers and remote judge daemons:
 * claim → resolve test data by hash → judge (reporting progress) → report the result, against a
 * JudgeBackend. Leases are renewed while judging; a refused report means someone else owns the
 * work now (lease lost, cancelled or rejudged) and the result is dropped. Never imports server code.
 */
import { JudgeStatus } from '../shared/constants/judge-status';
import { systemErrorResult, testSystemErrorResult } from './error-results';
import { assertContentHash } from './test-data-hash';
import type { JudgeHooks, JudgeResult, JudgeTask, TestCaseSpec, TestRunResult, TestRunTask } from './types';
import {
  type AnnouncedLanguage,
  type ClaimRef,
  describeRef,
  type JudgeBackend,
  MAX_CLAIM_WAIT_MS,
  type Progress,
  refOf,
  type WireJudgeTask,
  type WorkItem,
} from './worker-protocol';

/** What judges: the sandboxed engine (judge/index.ts), or a stand-in in tests. */
export interface JudgeEngine {
  judge(task: JudgeTask, hooks: JudgeHooks): Promise<JudgeResult>;
  /** absent: this judge takes no test runs */
  testRun?: (task: TestRunTask) => Promise<TestRunResult>;
  /** language names this judge runs; absent: any */
  languages?: string[];
  /** what the server needs to offer them, sent with every claim (docs/scaling.md, The judge protocol) */
  languageInfo?: AnnouncedLanguage[];
}

/** pino-compatible */
export interface WorkerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JudgeWorkersOptions {
  /** the judge's name: recorded as judger on what it judges */
  name: string;
  /** parallel judging slots */
  workers: number;
  backend: JudgeBackend;
  engine: JudgeEngine;
  /** how long one claim waits for work (default 20 s, the protocol's long poll) */
  claimWaitMs?: number;
  /** pause after a failed claim (server unreachable), default 2 s */
  retryMs?: number;
  /** first pause before a final report is sent again, doubled each time; default 500 ms */
  reportBackoffMs?: number;
  log?: WorkerLog;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** How many times a final report is sent before the worker gives up on it (the lease then runs out). */
export const REPORT_TRIES = 6;

/** The server answered the call with a refusal (an HTTP 4xx other than timeout and rate limit). */
function refused(err: unknown): boolean {
  const status = (err as { httpStatus?: unknown } | null)?.httpStatus;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

export class JudgeWorkers {
  private stopping = false;
  private readonly abort = new AbortController();
  private readonly inFlight = new Map<string, ClaimRef>();
  private readonly loops: Promise<void>[] = [];

  constructor(private readonly options: JudgeWorkersOptions) {}

  get name(): string {
    return this.options.name;
  }

  start(): void {
    for (let i = 0; i < this.options.workers; i++) {
      this.loops.push(this.loop(`${this.options.name}#${i + 1}`));
    }
  }

  /** Stops claiming; work being judged goes back to the queue at once (its result is dropped). */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.abort.abort();
    const { backend, name } = this.options;
    await Promise.all([...this.inFlight.values()].map((ref) => backend.release(ref, name).catch(() => {})));
    await Promise.race([Promise.all(this.loops), sleep(2000)]);
  }

  private async loop(worker: string): Promise<void> {
    const { backend, engine, name } = this.options;
    while (!this.stopping) {
      let item: WorkItem | null = null;
      try {
        item = await backend.claim(
          {
            worker,
            judger: name,
            languages: engine.languages,
            ...(engine.languageInfo ? { languageInfo: engine.languageInfo } : {}),
            testRuns: !!engine.testRun,
            waitMs: this.options.claimWaitMs ?? MAX_CLAIM_WAIT_MS,
          },
          this.abort.signal,
        );
      } catch (err) {
        if (this.stopping) break;
        this.options.log?.error({ err: errText(err) }, 'judge: claim failed');
        await sleep(this.options.retryMs ?? 2000, this.abort.signal);
        continue;
      }
      if (!item) continue;
      if (this.stopping) {
        await backend.release(refOf(item), name).catch(() => {});
        break;
      }
      await this.judgeOne(item);
    }
  }

  private async judgeOne(item: WorkItem): Promise<void> {
    const { backend, name, log } = this.options;
    const ref = refOf(item);
    const label = describeRef(ref);
    this.inFlight.set(label, ref);
    let lost = false;
    const renew = setInterval(
      () => {
        backend.renew(ref, name).then(
          (held) => {
            if (!held && !lost) {
              lost = true;
              log?.info({ work: label }, 'judge: claim lost; the result will be dropped');
            }
          },
          (err) => log?.error({ err: errText(err), work: label }, 'judge: lease renewal failed'),
        );
      },
      Math.max(500, Math.floor(item.leaseMs / 3)),
    );
    try {
      const result =
        item.kind === 'submission' ? await this.runSubmission(item, ref) : await this.runTest(item);
      if (this.stopping) return; // released by stop(): the next owner judges it again
      const accepted = await this.report(() => backend.finish(ref, name, result), label);
      log?.info({ work: label, status: result.status, accepted }, 'judge: finished');
    } catch (err) {
      log?.error({ err: errText(err), work: label }, 'judge: bookkeeping failed');
    } finally {
      clearInterval(renew);
      this.inFlight.delete(label);
    }
  }

  /**
   * A final report survives a short outage of the server: retried with backoff. A report the server
   * refused (a 4xx answer: malformed, out of date, not this judge's) would be refused again, so it
   * is not sent again; a timeout (408) and a rate limit (429) are outages.
   */
  private async report(send: () => Promise<boolean>, label: string): Promise<boolean> {
    let delay = this.options.reportBackoffMs ?? 500;
    for (let attempt = 1; ; attempt++) {
      try {
        return await send();
      } catch (err) {
        if (attempt >= REPORT_TRIES || this.stopping || refused(err)) throw err;
        this.options.log?.error(
          { err: errText(err), work: label, attempt },
          'judge: report failed, retrying',
        );
        await sleep(delay);
        delay *= 2;
      }
    }
  }

  /**
   * Local copies of the cases' files, each checked against the hash the task names it by: a file
   * changed on disk (here or on the server) fails the judgement with the case named, never judges
   * a program against other data.
   */
  private async resolveCases(task: WireJudgeTask): Promise<TestCaseSpec[]> {
    const out: TestCaseSpec[] = [];
    const checked = async (seq: number, role: 'input' | 'output', hash: string) => {
      try {
        const path = await this.options.backend.fetchFile(hash);
        await assertContentHash(path, hash);
        return path;
      } catch (err) {
        throw new Error(`test case ${seq} (${role} ${hash}): ${errText(err)}`);
      }
    };
    for (const c of task.cases) {
      out.push({
        seq: c.seq,
        caseId: c.caseId,
        score: c.score,
        groupNum: c.groupNum,
        inputPath: await checked(c.seq, 'input', c.inputHash),
        outputPath: await checked(c.seq, 'output', c.outputHash),
      });
    }
    return out;
  }

  private async runSubmission(
    item: Extract<WorkItem, { kind: 'submission' }>,
    ref: ClaimRef,
  ): Promise<JudgeResult> {
    const { backend, engine, name, log } = this.options;
    let cases: TestCaseSpec[];
    try {
      cases = await this.resolveCases(item.task);
    } catch (err) {
      log?.error({ err: errText(err), submitId: item.submitId }, 'judge: test data unavailable');
      return systemErrorResult(`test data unavailable: ${errText(err)}`);
    }
    const { cases: _wire, ...rest } = item.task;
    const task: JudgeTask = { ...rest, cases };
    const progress = async (p: Progress) => {
      try {
        await backend.progress(ref, name, p);
      } catch (err) {
        // The final report carries every case again, so a lost progress report costs nothing.
        log?.error({ err: errText(err), submitId: item.submitId }, 'judge: progress report failed');
      }
    };
    try {
      return await engine.judge(task, {
        onCompiling: () => progress({ status: JudgeStatus.COMPILING }),
        onJudging: () => progress({ status: JudgeStatus.JUDGING }),
        onCase: (c) => progress({ case: c }),
      });
    } catch (err) {
      log?.error({ err: errText(err), submitId: item.submitId }, 'judge: engine failed');
      return systemErrorResult(`judge failure: ${errText(err)}`);
    }
  }

  private async runTest(item: Extract<WorkItem, { kind: 'test' }>): Promise<TestRunResult> {
    const { engine, log } = this.options;
    if (!engine.testRun) return testSystemErrorResult('this judge does not run tests');
    try {
      return await engine.testRun(item.task);
    } catch (err) {
      log?.error({ err: errText(err), testKey: item.testKey }, 'judge: test run failed');
      return testSystemErrorResult(`judge failure: ${errText(err)}`);
    }
  }
}
