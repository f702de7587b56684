import {
  ALL_STATUS_CODES,
  isInProgress,
  JudgeStatus,
  statusInfo,
} from '../../../../shared/constants/judge-status';
import { HOJ_VERDICTS } from '../ranking/verdicts';

/** A judgement type of the Contest API (2023-06 `judgement-types`). */
export interface FeedJudgementType {
  id: string;
  /** the status's English name (locales/en-US.json `status.*`) */
  nameKey: string;
  penalty: boolean;
  solved: boolean;
}

/**
 * The judgement type of a final HOJ status: the status's short name in capitals (AC, WA, TLE, MLE, RE, PE, CE,
 * SE, PA, CA, SF, UNKNOWN, NS), the same keys as the ranking engine's HOJ verdict table, so a board read back
 * from the feed counts every status as HOJ does (PE, WA, TLE, MLE, RE cost penalty; CE and the rest do not).
 * Statuses still in progress have no type: their judgement is left without one (pending).
 */
export function judgementTypeIdOf(status: number): string | null {
  if (isInProgress(status)) return null;
  return statusInfo(status).short.toUpperCase();
}

function typeOf(status: number): FeedJudgementType {
  const info = statusInfo(status);
  const id = info.short.toUpperCase();
  const effect = HOJ_VERDICTS[id];
  return {
    id,
    nameKey: `status.${info.key}`,
    penalty: effect?.penalty ?? false,
    solved: effect?.solved ?? false,
  };
}

/** Every judgement type an export can use, AC first, then HOJ's order of status codes. */
export const FEED_JUDGEMENT_TYPES: readonly FeedJudgementType[] = [
  typeOf(JudgeStatus.ACCEPTED),
  ...ALL_STATUS_CODES.filter((s) => s !== JudgeStatus.ACCEPTED && !isInProgress(s)).map(typeOf),
];
