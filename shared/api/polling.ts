import { isInProgress } from '../constants/judge-status';
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

/** The refetch interval for a status poll: the poll period, or false to stop. */
export function submissionPollInterval(
  statuses: readonly (number | null | undefined)[],
  checksDone: number,
): number | false {
  return shouldPollSubmissions(statuses, checksDone) ? POLL.submissionStatusMs : false;
}
