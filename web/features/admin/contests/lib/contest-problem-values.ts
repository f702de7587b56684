import type { Language } from '@/shared/api/types';
import type { ContestTypeValue } from '@/shared/constants/contests';
import { ProblemAuth } from '@/shared/constants/problems';
import { type EditorValues, newProblemValues } from '../../problems/lib/editor-values';

/**
 * A new problem made for a contest: of the contest's type (ACM or OI, the same numbers as a
 * problem's), kept for contests only, and placed under the next free display id.
 */
export function newContestProblemValues(
  languages: readonly Language[],
  type: ContestTypeValue,
  displayId: string,
): EditorValues {
  const base = newProblemValues(languages);
  return {
    ...base,
    problem: { ...base.problem, type, auth: ProblemAuth.CONTEST },
    contest: { displayId, displayTitle: '', color: '' },
  };
}
