import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { systemErrorResult, testSystemErrorResult } from '../../../judge/error-results';
import type { JudgeResult, TestRunResult } from '../../../judge/types';
import {
  type ClaimRef,
  type ClaimRequest,
  MAX_CLAIM_WAIT_MS,
  type Progress,
  SHA256_HEX,
  type WorkItem,
} from '../../../judge/worker-protocol';
import type { Db } from '../../db/database';
import type { FileStore } from '../files/store';
import type { LanguageInfo } from '../languages';
import { type JudgeKind, judgeRegistry } from './judge-registry';
import type { JudgeQueue } from './queue';
import { checkCaseReport, checkResult, claimState } from './report-check';
import { testTask, wireTask } from './tasks';

/** Work queued by another API replica is noticed within this time. */
const POLL_MS = 1000;

/** What a judge says of its languages (hello, claims): names, and what the server needs to offer them. */
export interface LanguageReport {
  languages?: readonly string[];
  languageInfo?: readonly LanguageInfo[];
}

/**
 * The names a judge claims work in, and what it announces: only entries it also names (a judge
 * announcing a language it does not claim would have it offered and never judged).
 */
function languagesOf(report: LanguageReport): LanguageReport {
  const names = report.languages ?? report.languageInfo?.map((l) => l.name);
  const info = report.languageInfo?.filter((l) => !names || names.includes(l.name));
  return { ...(names ? { languages: names } : {}), ...(info ? { languageInfo: info } : {}) };
}

/**
 * The server side of the judge protocol (docs/scaling.md, The judge protocol), used by in-process
 * workers directly and by remote judges through routes/judge-protocol.ts: claim with a wait, renew,
 * progress, finish, release, and test data by content hash.
 */
export class JudgeProtocol {
  constructor(
    private readonly db: Db,
    private readonly queue: JudgeQueue,
    private readonly files: FileStore,
    /**
     * Who calls: the in-process pool (local, with the languages the server runs, which are all it
     * claims) or remote judge daemons over HTTP (remote, the default: each names its own); the
     * judge list records them as such.
     */
    private readonly caller: { kind: JudgeKind } & LanguageReport = { kind: 'remote' },
  ) {}

  get leaseMs(): number {
    return this.queue.leaseMs;
  }

  /**
   * A judge says hello (checks its token on the way): it is on the judge list from now on, and
   * the languages it announces are offered (docs/scaling.md, Remote judges: their languages).
   */
  async hello(judger: string, report: LanguageReport = {}): Promise<number> {
    await this.heartbeat({ name: judger, ...languagesOf(report) }, true);
    return this.queue.leaseMs;
  }

  /**
   * Tells the judge list a judge was heard from. A failed write costs the list a heartbeat, never
   * the judge its work: the next call writes again.
   */
  private async heartbeat(
    sighting: { name: string; worker?: string } & LanguageReport,
    force = false,
  ): Promise<void> {
    const languages = sighting.languages ?? this.caller.languages;
    const languageInfo = sighting.languageInfo ?? (sighting.languages ? undefined : this.caller.languageInfo);
    try {
      await judgeRegistry(this.db).seen(
        {
          ...sighting,
          kind: this.caller.kind,
          ...(languages ? { languages } : {}),
          ...(languageInfo ? { languageInfo } : {}),
        },
        force,
      );
    } catch {
      // the list is a view for administrators; judging goes on without it
    }
  }

  /** The next piece of work (test runs first), waiting up to request.waitMs (capped at 20 s). */
  async claim(request: ClaimRequest, signal?: AbortSignal): Promise<WorkItem | null> {
    const told = languagesOf(request);
    await this.heartbeat({ name: request.judger, worker: request.worker, ...told });
    const deadline = Date.now() + Math.min(Math.max(request.waitMs ?? 0, 0), MAX_CLAIM_WAIT_MS);
    const owner = `${request.judger}/${request.worker}`.slice(0, 255);
    const languages = told.languages ?? this.caller.languages;
    const filter = { ...(languages ? { languages } : {}), testRuns: request.testRuns !== false };
    for (;;) {
      if (signal?.aborted) return null;
      const item = await this.tryClaim(owner, request, languages);
      if (item) {
        // there may be more: the next waiter looks (signal.ts)
        this.queue.notify();
        if (!signal?.aborted) return item;
        // The asker is gone (closed connection, stopping worker): give the work back at once.
        await this.queue.release(item);
        return null;
      }
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await this.queue.signal.wait(Math.min(left, POLL_MS), signal, filter);
    }
  }

  /**
   * `languages`: only work in these (a language only some judges run reaches only them); absent:
   * any, for a judge that does not say.
   */
  private async tryClaim(
    owner: string,
    request: ClaimRequest,
    languages: readonly string[] | undefined,
  ): Promise<WorkItem | null> {
    const filter = languages ? { languages } : {};
    const leaseMs = this.queue.leaseMs;
    for (;;) {
      if (request.testRuns !== false) {
        const tc = await this.queue.claimTestRun(owner, filter);
        if (tc) {
          const task = await testTask(this.db, tc.testKey);
          if (task) return { kind: 'test', testKey: tc.testKey, attempt: tc.attempt, leaseMs, task };
          await this.queue.finish(tc, testSystemErrorResult('problem missing'), request.judger);
          continue;
        }
      }
      const c = await this.queue.claim(owner, filter);
      if (!c) return null;
      const task = await wireTask(this.db, c.submitId);
      if (task) return { kind: 'submission', submitId: c.submitId, attempt: c.attempt, leaseMs, task };
      await this.queue.finish(c, systemErrorResult('problem missing'), request.judger);
    }
  }

  /**
   * Extends the lease of the judge holding `ref`; false when the claim was lost. A renewal is a sign
   * of life (a judge busy with one long submission claims nothing meanwhile). Another judge's claim
   * is refused (409); a judge that does not say its name (daemons before it was asked) is trusted
   * with the attempt alone, as before.
   */
  async renew(ref: ClaimRef, judger?: string): Promise<boolean> {
    if (judger !== undefined) {
      await this.heartbeat({ name: judger });
      if ((await claimState(this.db, ref, judger)) === 'stale') return false;
    }
    return this.queue.renew(ref);
  }

  /**
   * A report of the judge holding `ref` (report-check.ts): another judge's or a malformed one is
   * refused (409, 400) and changes nothing; a stale one is answered false.
   */
  async progress(ref: ClaimRef, judger: string, progress: Progress): Promise<boolean> {
    // a judge busy with one long submission claims nothing meanwhile: its reports keep it online
    await this.heartbeat({ name: judger });
    if ((await claimState(this.db, ref, judger)) === 'stale') return false;
    if ('case' in progress) await checkCaseReport(this.db, ref, progress.case);
    return this.queue.progress(ref, judger, progress);
  }

  async finish(ref: ClaimRef, judger: string, result: JudgeResult | TestRunResult): Promise<boolean> {
    if ((await claimState(this.db, ref, judger)) === 'stale') return false;
    await checkResult(this.db, ref, result);
    const accepted = await this.queue.finish(ref, result, judger);
    if (accepted && ref.kind === 'submission') {
      try {
        await judgeRegistry(this.db).judged(judger, this.caller.kind);
      } catch {
        // the count is a view for administrators: the verdict is already stored
      }
    }
    return accepted;
  }

  /** Gives the work back to the queue; checked as `renew` is. */
  async release(ref: ClaimRef, judger?: string): Promise<void> {
    if (judger !== undefined && (await claimState(this.db, ref, judger)) === 'stale') return;
    await this.queue.release(ref);
  }

  /** Only hashes of test data the server stores are served. */
  async isTestData(hash: string): Promise<boolean> {
    if (!SHA256_HEX.test(hash)) return false;
    const row = await this.db.kysely
      .selectFrom('problem_case')
      .select('id')
      .where((eb) => eb.or([eb('input_hash', '=', hash), eb('output_hash', '=', hash)]))
      .limit(1)
      .executeTakeFirst();
    return !!row;
  }

  /** Opens stored test data by hash (O_NOFOLLOW, regular files only); null when not served. */
  async openTestData(hash: string): Promise<{ handle: FileHandle; size: number } | null> {
    if (!(await this.isTestData(hash))) return null;
    let handle: FileHandle;
    try {
      handle = await open(this.files.pathOf(hash), constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch {
      return null;
    }
    const st = await handle.stat();
    if (!st.isFile()) {
      await handle.close();
      return null;
    }
    return { handle, size: st.size };
  }

  /** The host path of stored test data (in-process workers read it in place). */
  localPath(hash: string): string {
    return this.files.pathOf(hash);
  }
}
