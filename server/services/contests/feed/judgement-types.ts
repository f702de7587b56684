import { isInProgress, JudgeStatus, statusInfo } from '../../../../shared/constants/judge-status';
import { HOJ_VERDICTS } from '../ranking/verdicts';

/**
 * The HOJ verdict key of a final status: its short name in capitals (AC, WA, TLE, MLE, RE, PE, CE, SE, PA, CA,
 * SF, UNKNOWN, NS), the keys of the ranking engine's HOJ verdict table. Boards and the scroll board rank by these;
 * an event feed speaks the Contest API's ids instead (`feedJudgementTypeOf`). Statuses still in progress have
 * none (pending).
 */
export function judgementTypeIdOf(status: number): string | null {
  if (isInProgress(status)) return null;
  return statusInfo(status).short.toUpperCase();
}

/** A judgement type of the Contest API (2023-06 `judgement-types`), as an export declares it. */
export interface FeedJudgementType {
  id: string;
  /** the Contest API's English name of the type */
  name: string;
  penalty: boolean;
  solved: boolean;
}

/** The Contest API's names of the types an export uses (its table of known judgement types). */
const SPEC_NAMES: Record<string, string> = {
  AC: 'Accepted',
  WA: 'Wrong Answer',
  TLE: 'Time Limit Exceeded',
  MLE: 'Memory Limit Exceeded',
  RTE: 'Run-Time Error',
  PE: 'Presentation Error',
  CE: 'Compile Error',
  RE: 'Rejected',
  SE: 'Submission Error',
  CS: 'Contact Staff',
};

/**
 * HOJ's final statuses as Contest API judgement types. HOJ's own short names are not the API's ids (its RE is a
 * runtime error, the API's RE means Rejected), so each status is sent as the API type that means the same and
 * has the same effect on the board; docs/architecture.md gives the reason for each choice.
 */
const FEED_TYPE_OF_STATUS: ReadonlyMap<number, string> = new Map([
  [JudgeStatus.ACCEPTED, 'AC'],
  [JudgeStatus.WRONG_ANSWER, 'WA'],
  [JudgeStatus.TIME_LIMIT_EXCEEDED, 'TLE'],
  [JudgeStatus.MEMORY_LIMIT_EXCEEDED, 'MLE'],
  [JudgeStatus.RUNTIME_ERROR, 'RTE'],
  [JudgeStatus.PRESENTATION_ERROR, 'PE'],
  [JudgeStatus.COMPILE_ERROR, 'CE'],
  // failed some tests: a rejection that HOJ does not charge
  [JudgeStatus.PARTIAL_ACCEPTED, 'RE'],
  // the submission never reached a judge (a remote judge refused it)
  [JudgeStatus.SUBMITTED_FAILED, 'SE'],
  [JudgeStatus.NOT_SUBMITTED, 'SE'],
  // final, no effect on the board; Judging Error would be read as pending by every ICPC tool
  [JudgeStatus.SYSTEM_ERROR, 'CS'],
  [JudgeStatus.SUBMITTED_UNKNOWN, 'CS'],
  [JudgeStatus.CANCELLED, 'CS'],
]);

/** The Contest API judgement type of a final HOJ status; null while judging (the judgement stays open). */
export function feedJudgementTypeOf(status: number): string | null {
  if (isInProgress(status)) return null;
  return FEED_TYPE_OF_STATUS.get(status) ?? 'CS';
}

/** A type's penalty and solved flags: HOJ's verdict table for the statuses sent as it, which must all agree. */
function typeOf(id: string): FeedJudgementType {
  const effects = [...FEED_TYPE_OF_STATUS]
    .filter(([, type]) => type === id)
    .map(([status]) => HOJ_VERDICTS[judgementTypeIdOf(status) ?? ''] ?? { penalty: false, solved: false });
  const [first] = effects;
  if (!first || effects.some((e) => e.penalty !== first.penalty || e.solved !== first.solved)) {
    throw new Error(`HOJ statuses sent as ${id} differ on the board`);
  }
  return { id, name: SPEC_NAMES[id] ?? id, penalty: first.penalty, solved: first.solved };
}

/** Every judgement type an export can use, AC first. */
export const FEED_JUDGEMENT_TYPES: readonly FeedJudgementType[] = Object.keys(SPEC_NAMES).map(typeOf);
