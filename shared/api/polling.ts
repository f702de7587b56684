import { isInProgress, JudgeStatus } from '../constants/judge-status';
import { POLL } from '../constants/limits';

/**
 * A submission's status is polled every 2 s while it is Pending, Compiling or
 * Judging (or still Submitting), at most 300 checks. `checksDone` counts the answers received.
 */
export function shouldPollSubmissions(
  statuses: readonly (number | null | undefined)[],
  checksDone: number,
): boolean {
  if (checksDone >= POLL.submissionStatusMaxChecks) return false;
  return statuses.some((s) => typeof s === 'number' && isInProgress(s));
}

/** What a status answer says of one submission: its status and, while it waits, its estimated wait. */
export interface PolledSubmission {
  status: number | null | undefined;
  queueEtaSeconds?: number | null;
}

/**
 * How long until the next check (docs/architecture.md, Where is my submission?): the poll period,
 * unless every submission still in progress waits in the queue with an estimate; then half the
 * shortest estimate, at most POLL.submissionStatusMaxMs. Nothing changes before a submission's
 * turn, and a deep queue polled every 2 s by everyone in it only slows the judges it waits for.
 */
export function nextSubmissionPollMs(rows: readonly PolledSubmission[]): number {
  let soonest = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    if (typeof row.status !== 'number' || !isInProgress(row.status)) continue;
    if (row.status !== JudgeStatus.PENDING || row.queueEtaSeconds == null) return POLL.submissionStatusMs;
    soonest = Math.min(soonest, row.queueEtaSeconds);
  }
  if (!Number.isFinite(soonest)) return POLL.submissionStatusMs;
  return Math.min(POLL.submissionStatusMaxMs, Math.max(POLL.submissionStatusMs, (soonest * 1000) / 2));
}

/** The refetch interval for a status poll: the next check's delay, or false to stop. */
export function submissionPollInterval(
  rows: readonly PolledSubmission[],
  checksDone: number,
): number | false {
  return shouldPollSubmissions(
    rows.map((r) => r.status),
    checksDone,
  )
    ? nextSubmissionPollMs(rows)
    : false;
}
