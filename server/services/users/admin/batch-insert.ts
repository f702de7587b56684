/**
 * HOJ POST /api/admin/user/insert-batch-user: the rows of an uploaded CSV become accounts, all
 * of them or, when one name or address is taken or repeated, none (HOJ creates the others and
 * lists the failures; a half-imported class list is harder to fix than a refused one).
 */
import type { ImportedUsers } from '../../../../shared/api/user-admin-types';
import { type ImportedUser, USER_ADMIN_LIMITS } from '../../../../shared/schemas/user-admin';
import type { Db } from '../../../db/database';
import type { CurrentUser } from '../../auth/users';
import { assertCanAdministerUsers, takeQuota } from './access';
import { createAccounts } from './accounts';

export async function insertBatchUsers(
  db: Db,
  user: CurrentUser,
  rows: readonly ImportedUser[],
): Promise<ImportedUsers> {
  assertCanAdministerUsers(user);
  await takeQuota(db, 'batch', user, USER_ADMIN_LIMITS.quota.batch);
  const uids = await createAccounts(db, rows);
  return { created: uids.length };
}
