import type { JudgeCaseMode, JudgeMode } from '@/shared/api/types';
import { PROBLEM_AUTHS } from '@/shared/constants/problems';

/** The choices of the editor's selects, each with its locale key (`admin.problem.*`). */

export const AUTH_OPTIONS = PROBLEM_AUTHS.map((auth) => ({ value: auth, key: `admin.problem.auth.${auth}` }));

export const JUDGE_MODES: readonly JudgeMode[] = ['default', 'spj', 'interactive'];

export const CASE_MODES: readonly JudgeCaseMode[] = [
  'default',
  'ergodic_without_error',
  'subtask_lowest',
  'subtask_average',
];
