import { describe, expect, it } from 'vitest';
import { groupSubtasks } from '../../server/services/submissions/subtasks';
import type { JudgeCase } from '../../shared/api/types';
import { JudgeStatus } from '../../shared/constants/judge-status';

const c = (seq: number, groupNum: number, status: number, score: number, time = seq): JudgeCase => ({
  seq,
  groupNum,
  status,
  score,
  time,
  memory: seq * 100,
  userOutput: null,
  mode: 'subtask_lowest',
});

describe('subtask groups of get-all-case-result', () => {
  const cases = [
    c(3, 2, JudgeStatus.WRONG_ANSWER, 0),
    c(1, 1, JudgeStatus.ACCEPTED, 30),
    c(4, 2, JudgeStatus.CANCELLED, 0, 0),
    c(2, 1, JudgeStatus.ACCEPTED, 30),
    c(5, 3, JudgeStatus.ACCEPTED, 40),
    c(6, 3, JudgeStatus.PARTIAL_ACCEPTED, 20),
  ];

  it('lowest: cases by group and seq; the lowest case that ran gives score, status, time and memory', () => {
    const groups = groupSubtasks(cases, 'subtask_lowest');
    expect(groups.map((g) => g.groupNum)).toEqual([1, 2, 3]);
    expect(groups[0]).toMatchObject({ status: JudgeStatus.ACCEPTED, score: 30, ac: 2, total: 2 });
    expect(groups[0].subtaskDetailList.map((x) => x.seq)).toEqual([1, 2]);
    expect(groups[1]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, score: 0, time: 3, memory: 300 });
    expect(groups[2]).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 20, time: 6 });
  });

  it('average: rounded mean score; AC when all pass, WA at 0, else PA; no time or memory', () => {
    const groups = groupSubtasks(cases, 'subtask_average');
    expect(groups[0]).toMatchObject({ status: JudgeStatus.ACCEPTED, score: 30, time: null, memory: null });
    expect(groups[1]).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, score: 0 });
    expect(groups[2]).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 30 });
  });
});
