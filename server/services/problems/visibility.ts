import type { Selectable } from 'kysely';
import { ProblemAuth } from '../../../shared/constants/problems';
import type { Db } from '../../db/database';
import type { ProblemTable } from '../../db/schema';
import type { CurrentUser } from '../auth/users';
import { isAdminUser } from '../authz';
import { forbidden, notFound } from '../errors';

export type ProblemRow = Selectable<ProblemTable>;

/**
 * Who may open a problem outside contests (HOJ get-problem-detail): a missing id is 404; a
 * problem that is not public (hidden, or only for contests) or that belongs to a group is 403.
 * Admins (root, admin, problem admin) may open every problem, to check what they publish.
 * Group membership arrives with groups; until then a group problem is for admins only.
 */
export function assertProblemVisible(row: ProblemRow | undefined, user: CurrentUser | null): ProblemRow {
  if (!row) throw notFound('server.problemNotFound');
  if (isAdminUser(user)) return row;
  if (row.auth !== ProblemAuth.PUBLIC) throw forbidden('problemPage.problemNotPublic');
  if (row.gid !== null) throw forbidden('problemPage.groupProblem');
  return row;
}

/** The problem with this display id, when the caller may see it (else the 404/403 above). */
export async function findVisibleProblem(
  db: Db,
  problemId: string,
  user: CurrentUser | null,
): Promise<ProblemRow> {
  const row = await db.kysely
    .selectFrom('problem')
    .selectAll()
    .where('problem_id', '=', problemId)
    .executeTakeFirst();
  return assertProblemVisible(row, user);
}
