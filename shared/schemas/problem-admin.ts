import { z } from 'zod';
import { PROBLEM_AUTHS, type ProblemAuthValue } from '../constants/problems';

/** Message keys of the admin problem calls (locales/*.json, section `problemAccess`). */
export const PROBLEM_ACCESS_MESSAGES = {
  idRequired: 'problemAccess.idRequired',
  authInvalid: 'problemAccess.authInvalid',
} as const;
const K = PROBLEM_ACCESS_MESSAGES;

const problemId = z.coerce.number({ error: K.idRequired }).int(K.idRequired).positive(K.idRequired);

/**
 * HOJ PUT /api/admin/problem/change-problem-auth: HOJ's body is the problem entity, of which only
 * `id` and `auth` count (1 public, 2 private, 3 contest only); `pid` is taken for `id` too.
 */
export const changeProblemAuthBody = z
  .object({
    id: problemId.optional(),
    pid: problemId.optional(),
    auth: z.coerce
      .number({ error: K.authInvalid })
      .refine((v) => (PROBLEM_AUTHS as readonly number[]).includes(v), K.authInvalid)
      .transform((v) => v as ProblemAuthValue),
  })
  .refine((v) => v.id !== undefined || v.pid !== undefined, { message: K.idRequired, path: ['id'] });

export interface ChangeProblemAuthForm {
  id: number;
  auth: ProblemAuthValue;
}
