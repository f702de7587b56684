/**
 * Final status, time, memory and OI score of a submission from its case results, as HOJ computes
 * them (docs/judge.md, Scoring). Pure.
 */

import type { JudgeCaseMode } from '../shared/api/types';
import { JudgeStatus } from '../shared/constants/judge-status';
import type { CaseResult, JudgeResult } from './types';

export interface ScoringInput {
  /** 0 ACM, 1 OI */
  problemType: number;
  ioScore: number;
  difficulty: number;
  judgeCaseMode: JudgeCaseMode;
  /** limits after the language factor: ms, KB */
  timeLimitMs: number;
  memoryLimitKB: number;
}

const OI = 1;

type Scored = Pick<CaseResult, 'score' | 'groupNum'>;

function groupsOf<T extends Scored>(cases: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const c of cases) {
    const g = c.groupNum ?? 1;
    const list = groups.get(g) ?? [];
    list.push(c);
    groups.set(g, list);
  }
  return groups;
}

/** OI score of judged cases; with every case at full marks it is the problem's ioScore. */
export function oiScore(cases: Scored[], mode: JudgeCaseMode): number {
  if (mode === 'subtask_lowest') {
    let sum = 0;
    for (const list of groupsOf(cases).values()) sum += Math.min(...list.map((c) => c.score));
    return sum;
  }
  if (mode === 'subtask_average') {
    let sum = 0;
    for (const list of groupsOf(cases).values()) {
      sum += Math.round(list.reduce((s, c) => s + c.score, 0) / list.length);
    }
    return sum;
  }
  return cases.reduce((s, c) => s + c.score, 0);
}

export function finalResult(input: ScoringInput, cases: CaseResult[]): JudgeResult {
  const ordered = [...cases].sort((a, b) => a.seq - b.seq);
  const errors = ordered.filter((c) => c.status !== JudgeStatus.ACCEPTED);
  const judged = ordered.filter((c) => c.status !== JudgeStatus.CANCELLED);
  const time = Math.min(Math.max(0, ...judged.map((c) => c.time)), input.timeLimitMs);
  const memory = Math.min(Math.max(0, ...judged.map((c) => c.memory)), input.memoryLimitKB);

  let status: number = JudgeStatus.ACCEPTED;
  let errorMessage: string | null = null;
  if (errors.length > 0) {
    if (input.problemType !== OI || errors.length === ordered.length) {
      status = errors[0].status;
      errorMessage = errors[0].userOutput;
    } else {
      status = JudgeStatus.PARTIAL_ACCEPTED;
    }
  }

  if (input.problemType !== OI) {
    return { status, time, memory, score: null, oiRankScore: null, errorMessage, cases: ordered };
  }
  const fullDefault = errors.length === 0 && input.judgeCaseMode === 'default';
  let score = fullDefault ? input.ioScore : oiScore(ordered, input.judgeCaseMode);
  if (input.ioScore !== 0) score = Math.min(score, input.ioScore);
  const oiRankScore = fullDefault
    ? fullOiRankScore(input.ioScore, input.difficulty)
    : Math.round(0.1 * score + (input.ioScore ? (2 * input.difficulty * score) / input.ioScore : 0));
  return { status, time, memory, score, oiRankScore, errorMessage, cases: ordered };
}

/**
 * The OI rank score (docs/judge.md, Scoring): a judged submission earns 0.1 of its score plus
 * twice the problem's difficulty in proportion to the score; a full default-mode pass earns
 * round(0.1·ioScore + 2·difficulty).
 */
function fullOiRankScore(ioScore: number, difficulty: number): number {
  return Math.round(0.1 * ioScore + 2 * difficulty);
}

/**
 * The OI rank score a manual verdict sets: HOJ's admins' formula round(2·difficulty + 0.1·score),
 * the full-pass formula with the given score, whatever the verdict (kept for HOJ's clients).
 */
export function manualOiRankScore(score: number, difficulty: number): number {
  return fullOiRankScore(score, difficulty);
}
