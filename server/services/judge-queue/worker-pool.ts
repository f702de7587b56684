import { access, constants } from 'node:fs/promises';
import { hostname } from 'node:os';
import type { JudgeHooks, JudgeResult, JudgeTask, TestRunResult, TestRunTask } from '../../../judge/types';
import { type JudgeEngine, JudgeWorkers, type WorkerLog } from '../../../judge/worker';
import type { JudgeBackend, WorkItem } from '../../../judge/worker-protocol';
import type { JudgeProtocol } from './protocol';

export type JudgeFunction = (task: JudgeTask, hooks: JudgeHooks) => Promise<JudgeResult>;
export type TestRunFunction = (task: TestRunTask) => Promise<TestRunResult>;

/** The JudgeBackend of in-process workers: the protocol called directly, test data read in place. */
export class InProcessBackend implements JudgeBackend {
  constructor(private readonly protocol: JudgeProtocol) {}

  claim: JudgeBackend['claim'] = (request, signal): Promise<WorkItem | null> =>
    this.protocol.claim(request, signal);
  renew: JudgeBackend['renew'] = (ref, judger) => this.protocol.renew(ref, judger);
  progress: JudgeBackend['progress'] = (ref, judger, p) => this.protocol.progress(ref, judger, p);
  finish: JudgeBackend['finish'] = (ref, judger, result) => this.protocol.finish(ref, judger, result);
  release: JudgeBackend['release'] = (ref, judger) => this.protocol.release(ref, judger);

  async fetchFile(hash: string): Promise<string> {
    const path = this.protocol.localPath(hash);
    await access(path, constants.R_OK);
    return path;
  }
}

export interface WorkerPoolOptions {
  workers: number;
  /** the judger name recorded on submissions (default: the host name) */
  name?: string;
  /** how long one claim waits before looping (default 5 s) */
  claimWaitMs?: number;
  log?: WorkerLog;
}

/**
 * In-process judge workers: the shared worker loop (judge/worker.ts) against the in-process
 * backend. Work queued in this process wakes an idle worker at once; work queued by other API
 * replicas is found by the claim's poll.
 */
export class JudgeWorkerPool {
  private readonly workers: JudgeWorkers;

  constructor(
    protocol: JudgeProtocol,
    judge: JudgeFunction,
    testRun: TestRunFunction | undefined,
    options: WorkerPoolOptions,
  ) {
    const engine: JudgeEngine = { judge, ...(testRun ? { testRun } : {}) };
    this.workers = new JudgeWorkers({
      name: options.name ?? hostname(),
      workers: options.workers,
      backend: new InProcessBackend(protocol),
      engine,
      claimWaitMs: options.claimWaitMs ?? 5000,
      log: options.log,
    });
  }

  get name(): string {
    return this.workers.name;
  }

  start(): void {
    this.workers.start();
  }

  /** Stops claiming; submissions being judged go back to the queue for the next start. */
  stop(): Promise<void> {
    return this.workers.stop();
  }
}
