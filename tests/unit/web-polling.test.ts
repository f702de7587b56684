import { describe, expect, it } from 'vitest';
import { nextSubmissionPollMs, shouldPollSubmissions, submissionPollInterval } from '@/shared/api/polling';
import type { SubmissionListItem } from '@/shared/api/types';
import { JudgeStatus } from '@/shared/constants/judge-status';
import { POLL } from '@/shared/constants/limits';
import { pageWindow } from '@/web/components/pagination';
import { mergeStatuses } from '@/web/features/submissions/api';

describe('the next check of a waiting submission', () => {
  const pending = (queueEtaSeconds: number | null) => ({ status: JudgeStatus.PENDING, queueEtaSeconds });

  it('waits half its estimate while it waits in the queue, between 2 and 15 s', () => {
    expect(nextSubmissionPollMs([pending(1)])).toBe(POLL.submissionStatusMs);
    expect(nextSubmissionPollMs([pending(10)])).toBe(5000);
    expect(nextSubmissionPollMs([pending(600)])).toBe(POLL.submissionStatusMaxMs);
    expect(submissionPollInterval([pending(10)], 2)).toBe(5000);
  });

  it('polls every 2 s once it is judged, without an estimate, or when another is judged', () => {
    expect(nextSubmissionPollMs([{ status: JudgeStatus.JUDGING }])).toBe(POLL.submissionStatusMs);
    expect(nextSubmissionPollMs([{ status: JudgeStatus.COMPILING, queueEtaSeconds: 30 }])).toBe(
      POLL.submissionStatusMs,
    );
    expect(nextSubmissionPollMs([pending(null)])).toBe(POLL.submissionStatusMs);
    expect(nextSubmissionPollMs([pending(60), { status: JudgeStatus.JUDGING }])).toBe(
      POLL.submissionStatusMs,
    );
    // the soonest of several waiting decides; finished ones do not count
    expect(nextSubmissionPollMs([pending(60), pending(8), { status: JudgeStatus.ACCEPTED }])).toBe(4000);
  });
});

describe('submission status polling stop rule', () => {
  it('polls while Pending, Compiling, Judging or Submitting', () => {
    for (const s of [
      JudgeStatus.PENDING,
      JudgeStatus.COMPILING,
      JudgeStatus.JUDGING,
      JudgeStatus.SUBMITTING,
    ]) {
      expect(shouldPollSubmissions([s], 0)).toBe(true);
    }
    expect(submissionPollInterval([{ status: JudgeStatus.JUDGING }], 3)).toBe(POLL.submissionStatusMs);
  });

  it('stops on a final verdict', () => {
    for (const s of [
      JudgeStatus.ACCEPTED,
      JudgeStatus.WRONG_ANSWER,
      JudgeStatus.COMPILE_ERROR,
      JudgeStatus.SYSTEM_ERROR,
    ]) {
      expect(shouldPollSubmissions([s], 1)).toBe(false);
    }
    expect(submissionPollInterval([{ status: JudgeStatus.ACCEPTED }], 1)).toBe(false);
  });

  it('stops after 300 checks even if still in progress', () => {
    expect(shouldPollSubmissions([JudgeStatus.PENDING], POLL.submissionStatusMaxChecks - 1)).toBe(true);
    expect(shouldPollSubmissions([JudgeStatus.PENDING], POLL.submissionStatusMaxChecks)).toBe(false);
  });

  it('keeps polling a list while any row is in progress; nothing known yet → no poll', () => {
    expect(shouldPollSubmissions([JudgeStatus.ACCEPTED, JudgeStatus.JUDGING], 5)).toBe(true);
    expect(shouldPollSubmissions([undefined], 0)).toBe(false);
    expect(shouldPollSubmissions([], 0)).toBe(false);
  });
});

describe('submission list helpers', () => {
  const row = (submitId: number, status: number) => ({ submitId, status }) as SubmissionListItem;

  it('swaps polled rows into the list', () => {
    const merged = mergeStatuses([row(1, 5), row(2, 0)], { '1': row(1, 0) });
    expect(merged.map((r) => r.status)).toEqual([0, 0]);
    expect(mergeStatuses([row(1, 5)], undefined)[0].status).toBe(5);
  });

  it('shows at most five page buttons around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});
