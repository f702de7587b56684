import type { ContestVO } from '@/shared/api/contest-types';
import type { VirtualRun } from '@/shared/api/virtual-types';

/**
 * The contest as its screens should see it during the caller's virtual run: the same contest, started at
 * the run's start, so the header, countdown, end warning, seal banner and tabs all behave as in a running
 * contest. The seal moves with the start.
 */
export function contestOnVirtualClock(contest: ContestVO, run: VirtualRun): ContestVO {
  const shift = Date.parse(run.startTime) - Date.parse(contest.startTime);
  return {
    ...contest,
    startTime: run.startTime,
    endTime: run.endTime,
    sealRankTime: contest.sealRankTime
      ? new Date(Date.parse(contest.sealRankTime) + shift).toISOString()
      : contest.sealRankTime,
  };
}

/** Whether the run's clock is going at `now` (the server's clock). */
export const runGoing = (run: VirtualRun | null | undefined, now: number): run is VirtualRun =>
  !!run && now >= Date.parse(run.startTime) && now < Date.parse(run.endTime);
