/**
 * What a judge worker and the server it works for exchange (docs/scaling.md, The judge protocol). The same
 * shapes serve the in-process workers (direct calls) and remote judge daemons (JSON over HTTP under
 * /api/judge/*). Test data travels by sha256 content hash, never by a host path: the worker asks its
 * backend for a local copy of each file it needs.
 */
import type { z } from 'zod';
import type { CaseResult, JudgeResult, JudgeTask, TestCaseSpec, TestRunResult, TestRunTask } from './types';
import type * as wire from './worker-protocol-schemas';

/* The server's answers: types inferred from their schemas (worker-protocol-schemas.ts). */

/** A test case with its files named by content hash. */
export type WireCase = z.infer<typeof wire.wireCase>;

/** A JudgeTask as it travels: cases reference test data by hash. */
export type WireJudgeTask = z.infer<typeof wire.wireJudgeTask>;

/** One attempt at one piece of work: a submission or a test run. Results name it. */
export type ClaimRef =
  | { kind: 'submission'; submitId: number; attempt: number }
  | { kind: 'test'; testKey: string; attempt: number };

/** Work handed to a worker. Renew the lease at least every leaseMs / 3. */
export type WorkItem = z.infer<typeof wire.workItem>;

/** The judge protocol's answers (POST /api/judge/hello, renew, progress and finish). */
export type HelloAnswer = z.infer<typeof wire.helloAnswer>;
export type RenewAnswer = z.infer<typeof wire.renewAnswer>;
export type ReportAnswer = z.infer<typeof wire.reportAnswer>;

/** What a judge announces of one language it runs (hello and claims), for the server to offer it. */
export type AnnouncedLanguage = z.infer<typeof wire.announcedLanguage>;

/**
 * The wire types must be the engine's types exactly (test data by hash instead of by path): a
 * field added to a task in types.ts and not to its schema would never reach a remote judge, so it
 * fails to compile here.
 */
type Flat<T> = { [K in keyof T]: T[K] };
type Same<A, B> =
  (<T>() => T extends Flat<A> ? 1 : 2) extends <T>() => T extends Flat<B> ? 1 : 2 ? true : false;
const wireTypesMatch: [
  Same<WireCase, Omit<TestCaseSpec, 'inputPath' | 'outputPath'> & { inputHash: string; outputHash: string }>,
  Same<Omit<WireJudgeTask, 'cases'>, Omit<JudgeTask, 'cases'>>,
  Same<Extract<WorkItem, { kind: 'test' }>['task'], TestRunTask>,
] = [true, true, true];
void wireTypesMatch;

/** POST /api/judge/hello: who the judge is and, optionally, what it runs (as in ClaimRequest). */
export interface HelloRequest {
  judger: string;
  languages?: string[];
  languageInfo?: AnnouncedLanguage[];
}

export interface ClaimRequest {
  /** this worker (one judging slot): holds the lease */
  worker: string;
  /** the judge's name, recorded as the submission's judger */
  judger: string;
  /** languages this judge can run; absent: any */
  languages?: string[];
  /**
   * what the server needs to offer them (names, templates, factors ...); absent: the judge only
   * names them, and the server offers only the languages it knows already (docs/scaling.md)
   */
  languageInfo?: AnnouncedLanguage[];
  /** whether this judge runs test runs (default true) */
  testRuns?: boolean;
  /** how long to wait for work before answering "none" (the server caps it) */
  waitMs?: number;
}

/** Compiling (6) or judging (7) started, or one case finished. */
export type Progress = { status: 6 | 7 } | { case: CaseResult };

/** The backend a worker loop runs against: the server in-process, or a server over HTTP. */
export interface JudgeBackend {
  /** the next piece of work, waiting up to request.waitMs; null when none (or when signal aborts) */
  claim(request: ClaimRequest, signal?: AbortSignal): Promise<WorkItem | null>;
  /** extends the lease; false when the claim was lost (expired and re-claimed, cancelled, rejudged) */
  renew(ref: ClaimRef, judger: string): Promise<boolean>;
  /** false when the claim is no longer current (the report was refused) */
  progress(ref: ClaimRef, judger: string, progress: Progress): Promise<boolean>;
  /** the final result; false when refused (a newer attempt, or the row was cancelled) */
  finish(ref: ClaimRef, judger: string, result: JudgeResult | TestRunResult): Promise<boolean>;
  /** gives the work back at once (the worker is stopping) */
  release(ref: ClaimRef, judger: string): Promise<void>;
  /** a local path holding the file with this sha256 (fetched and cached when needed) */
  fetchFile(hash: string): Promise<string>;
}

export const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The longest a claim waits for work (server side cap of ClaimRequest.waitMs). */
export const MAX_CLAIM_WAIT_MS = 20_000;

/** Header carrying JUDGE_TOKEN on every /api/judge/* call. */
export const JUDGE_TOKEN_HEADER = 'x-judge-token';

export function refOf(item: WorkItem): ClaimRef {
  return item.kind === 'submission'
    ? { kind: 'submission', submitId: item.submitId, attempt: item.attempt }
    : { kind: 'test', testKey: item.testKey, attempt: item.attempt };
}

export function describeRef(ref: ClaimRef): string {
  return ref.kind === 'submission'
    ? `submission ${ref.submitId} attempt ${ref.attempt}`
    : `test run ${ref.testKey} attempt ${ref.attempt}`;
}
