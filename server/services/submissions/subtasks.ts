import type { JudgeCase, JudgeCaseMode, SubtaskResult } from '../../../shared/api/types';
import { JudgeStatus } from '../../../shared/constants/judge-status';

export const SUBTASK_MODES: readonly JudgeCaseMode[] = ['subtask_lowest', 'subtask_average'];

/**
 * Groups case results into subtasks as HOJ's /api/get-all-case-result does: cases by
 * (groupNum, seq), one entry per group. Lowest mode: the lowest-scoring case that was run supplies
 * score, time, memory and status. Average mode: the rounded mean score; AC when every case is AC,
 * WA when the score is 0, PA otherwise; no time or memory.
 */
export function groupSubtasks(cases: JudgeCase[], mode: JudgeCaseMode): SubtaskResult[] {
  const groups = new Map<number, JudgeCase[]>();
  for (const c of [...cases].sort((a, b) => (a.groupNum ?? 1) - (b.groupNum ?? 1) || a.seq - b.seq)) {
    const key = c.groupNum ?? 1;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.entries()].map(([groupNum, list]) => {
    const ac = list.filter((c) => c.status === JudgeStatus.ACCEPTED).length;
    const base = { groupNum, ac, total: list.length, subtaskDetailList: list };
    if (mode === 'subtask_average') {
      const score = Math.round(list.reduce((s, c) => s + (c.score ?? 0), 0) / list.length);
      const status =
        ac === list.length
          ? JudgeStatus.ACCEPTED
          : score === 0
            ? JudgeStatus.WRONG_ANSWER
            : JudgeStatus.PARTIAL_ACCEPTED;
      return { ...base, score, status, time: null, memory: null };
    }
    const ran = list.filter((c) => c.status !== JudgeStatus.CANCELLED);
    const lowest = (ran.length ? ran : list).reduce((low, c) =>
      (c.score ?? 0) < (low.score ?? 0) ? c : low,
    );
    return {
      ...base,
      score: lowest.score ?? 0,
      status: lowest.status,
      time: lowest.time,
      memory: lowest.memory,
    };
  });
}
