import { hostname } from 'node:os';
import { errorResult } from '../../../judge';
import type { JudgeHooks, JudgeResult, JudgeTask } from '../../../judge/types';
import { JudgeStatus } from '../../../shared/constants/judge-status';
import type { Claim, JudgeQueue } from './queue';

export type JudgeFunction = (task: JudgeTask, hooks: JudgeHooks) => Promise<JudgeResult>;

export interface WorkerPoolOptions {
  workers: number;
  /** idle poll: picks up submissions queued by other API replicas */
  pollMs?: number;
  name?: string;
  log?: { error(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };
}

/**
 * In-process judge workers: each loops claim → judge → report. A submission queued in this
 * process wakes an idle worker at once; others are found by the idle poll.
 */
export class JudgeWorkerPool {
  private stopping = false;
  private readonly inFlight = new Set<Claim>();
  private readonly loops: Promise<void>[] = [];
  private wakers: (() => void)[] = [];
  private readonly name: string;

  constructor(
    private readonly queue: JudgeQueue,
    private readonly judge: JudgeFunction,
    private readonly options: WorkerPoolOptions,
  ) {
    this.name = options.name ?? hostname();
  }

  start(): void {
    for (let i = 0; i < this.options.workers; i++) this.loops.push(this.loop(`${this.name}-${i + 1}`));
  }

  wake(): void {
    const wakers = this.wakers;
    this.wakers = [];
    for (const w of wakers) w();
  }

  /** Stops claiming; submissions being judged go back to the queue for the next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await Promise.all([...this.inFlight].map((c) => this.queue.release(c).catch(() => {})));
    await Promise.race([Promise.all(this.loops), new Promise((r) => setTimeout(r, 2000))]);
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.pollMs ?? 1000);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakers.push(done);
    });
  }

  private async loop(worker: string): Promise<void> {
    while (!this.stopping) {
      let claim: Claim | null = null;
      try {
        claim = await this.queue.claim(worker);
      } catch (err) {
        this.options.log?.error({ err }, 'judge queue claim failed');
      }
      if (!claim) {
        await this.idle();
        continue;
      }
      await this.judgeOne(claim, worker);
    }
  }

  private async judgeOne(claim: Claim, worker: string): Promise<void> {
    this.inFlight.add(claim);
    const renew = setInterval(() => void this.queue.renew(claim).catch(() => {}), this.queue.leaseMs / 3);
    try {
      const claimed = await this.queue.buildTask(claim);
      if (!claimed) return;
      let result: JudgeResult;
      try {
        result = await this.judge(claimed.task, {
          onCompiling: () => this.queue.setStatus(claim, JudgeStatus.COMPILING, worker),
          onJudging: () => this.queue.setStatus(claim, JudgeStatus.JUDGING, worker),
          onCase: (c) => this.queue.recordCase(claim, claimed, c),
        });
      } catch (err) {
        this.options.log?.error({ err, submitId: claim.submitId }, 'judge failed');
        result = errorResult(JudgeStatus.SYSTEM_ERROR, 'judge failure');
      }
      if (this.stopping) return;
      await this.queue.finish(claim, result, worker);
    } catch (err) {
      this.options.log?.error({ err, submitId: claim.submitId }, 'judge bookkeeping failed');
    } finally {
      clearInterval(renew);
      this.inFlight.delete(claim);
    }
  }
}
