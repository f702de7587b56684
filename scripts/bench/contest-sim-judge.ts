/**
 * The stand-in judge: the server's judge workers are off, so submissions would stay Pending. This
 * speaks the real remote-judge protocol through the remote daemon's own client (HttpJudgeBackend):
 * hello, long-poll claims, and at once the final verdict each source was written to get. No
 * compiling, no running, no progress reports: the simulation measures the API and the judge
 * protocol, not the sandbox.
 */
import { setMaxListeners } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpJudgeBackend } from '../../judge/remote/http-backend';
import { MAX_CLAIM_WAIT_MS, refOf, type WorkItem } from '../../judge/worker-protocol';
import { readMark, SIM_LANGUAGES, type SimLanguage, seededRandom, verdictFor } from './contest-sim-programs';

const NAME = 'contest-sim';

export interface JudgeFigures {
  judged: number;
  /** finishes the server refused (a newer attempt or a cancelled row): none expected */
  refusedReports: number;
  errors: number;
  /** submit sent → claim answered, ms */
  queueWait: number[];
  /** POST /api/judge/finish, ms */
  finish: number[];
  errorKinds: Map<string, number>;
  /** claims that brought work, finishes and failed calls: the judge's share of the server's requests */
  calls: number;
}

export class StandInJudge {
  private readonly backend: HttpJudgeBackend;
  private readonly stopping = new AbortController();
  private readonly loops: Promise<void>[] = [];
  private readonly random = seededRandom(7);
  readonly figures: JudgeFigures = {
    judged: 0,
    refusedReports: 0,
    errors: 0,
    queueWait: [],
    finish: [],
    errorKinds: new Map(),
    calls: 0,
  };

  /**
   * @param submittedAt when each submission (by the key in its source) was sent, performance.now();
   *   filled by the contestants, emptied here
   */
  constructor(
    server: string,
    token: string,
    fetchImpl: typeof fetch,
    private readonly workers: number,
    private readonly submittedAt: Map<string, number>,
  ) {
    this.backend = new HttpJudgeBackend({
      server,
      token,
      // nothing is ever downloaded: no test data is needed to answer at once
      cacheDir: join(tmpdir(), 'verdict-contest-sim-cache'),
      fetch: fetchImpl,
    });
  }

  async start(): Promise<void> {
    // every claim loop listens to it
    setMaxListeners(0, this.stopping.signal);
    await this.backend.hello(NAME, { languages: [...SIM_LANGUAGES] });
    for (let i = 0; i < this.workers; i++) this.loops.push(this.loop(`${NAME}-${i}`));
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all(this.loops);
  }

  private fail(where: string, err: unknown): void {
    this.figures.errors++;
    this.figures.calls++;
    const kind = `judge ${where}: ${err instanceof Error ? err.message : String(err)}`;
    this.figures.errorKinds.set(kind, (this.figures.errorKinds.get(kind) ?? 0) + 1);
  }

  private async loop(worker: string): Promise<void> {
    const signal = this.stopping.signal;
    while (!signal.aborted) {
      let item: WorkItem | null;
      try {
        item = await this.backend.claim(
          { worker, judger: NAME, languages: [...SIM_LANGUAGES], testRuns: false, waitMs: MAX_CLAIM_WAIT_MS },
          signal,
        );
      } catch (err) {
        if (signal.aborted) return;
        this.fail('claim', err);
        await new Promise((r) => setTimeout(r, 250));
        continue;
      }
      if (item) {
        this.figures.calls++;
        await this.answer(item);
      }
    }
  }

  private async answer(item: WorkItem): Promise<void> {
    const claimedAt = performance.now();
    const ref = refOf(item);
    try {
      if (item.kind !== 'submission') {
        await this.backend.release(ref, NAME);
        return;
      }
      const mark = readMark(item.task.code);
      const sent = mark ? this.submittedAt.get(mark.key) : undefined;
      if (mark && sent !== undefined) {
        this.figures.queueWait.push(claimedAt - sent);
        this.submittedAt.delete(mark.key);
      }
      const language = (SIM_LANGUAGES as readonly string[]).includes(item.task.language)
        ? (item.task.language as SimLanguage)
        : 'C++';
      const result = verdictFor(mark?.intent ?? 'ac', language, item.task, this.random);
      const t0 = performance.now();
      const accepted = await this.backend.finish(ref, NAME, result);
      this.figures.finish.push(performance.now() - t0);
      this.figures.calls++;
      if (accepted) this.figures.judged++;
      else this.figures.refusedReports++;
    } catch (err) {
      this.fail('finish', err);
    }
  }
}
