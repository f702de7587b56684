/**
 * HOJ DELETE /api/admin/user/delete-user (docs/security.md, Users in the admin console). HOJ
 * deletes the account row and lets its foreign keys take the rest. Here the account goes with what
 * is only its own: roles, submissions and their case results, test runs, contest registrations
 * and prints, reminders, notices addressed to it alone, its generated-account downloads and its
 * staged uploads. What it wrote for others (problems, contests, announcements, discussions,
 * comments) stays under the name it was written with.
 *
 * Contest submissions are part of other people's results: an account that has any is refused
 * (400, with how many) unless the call says `force`; then they are deleted too and the contests'
 * boards are rebuilt on their next read.
 */
import { sql } from 'kysely';
import { USER_ADMIN_LIMITS } from '../../../../shared/schemas/user-admin';
import type { Db } from '../../../db/database';
import { sessionChanged } from '../../auth/sessions';
import type { CurrentUser } from '../../auth/users';
import { canManageAccount } from '../../authz';
import { nowIso } from '../../clock';
import { contestRowChanged } from '../../contests/contest-row-cache';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import {
  activeRootsOutside,
  assertCanAdministerUsers,
  isRootAccount,
  loadAccounts,
  takeQuota,
} from './access';

/** Tables whose rows belong to one user, by the column naming the user. */
const OWN_ROWS = [
  ['judge_case', 'uid'],
  ['judge', 'uid'],
  // the rank records made from those submissions
  ['user_problem_stat', 'uid'],
  ['user_rank_stat', 'uid'],
  ['test_judge', 'uid'],
  ['contest_register', 'uid'],
  ['contest_password_try', 'uid'],
  ['contest_print', 'uid'],
  ['wrong_case_download', 'uid'],
  ['testdata_upload', 'uid'],
  ['generated_account', 'uid'],
  ['msg_remind', 'recipient_id'],
  ['user_sys_notice', 'recipient_id'],
  ['account_code', 'subject'],
  ['user_role', 'uid'],
] as const;

export async function deleteUsers(
  db: Db,
  user: CurrentUser,
  params: { ids: readonly string[]; force: boolean },
): Promise<number> {
  assertCanAdministerUsers(user);
  await takeQuota(db, 'change', user, USER_ADMIN_LIMITS.quota.change);
  const ids = [...new Set(params.ids)];
  if (ids.includes(user.uid)) throw badRequest('userAdmin.cannotDeleteSelf');
  const targets = await loadAccounts(db, ids);
  if (targets.length !== ids.length) throw notFound('userAdmin.userNotFound');
  if (targets.some((t) => !canManageAccount(user, t))) throw forbidden('userAdmin.protectedAccount');

  const inContests = await db.kysely
    .selectFrom('judge')
    .select(['cid', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('uid', 'in', ids)
    .where('cid', '!=', 0)
    .groupBy('cid')
    .execute();
  const contestSubmissions = inContests.reduce((sum, r) => sum + Number(r.n), 0);
  if (contestSubmissions > 0 && !params.force)
    throw new AppError(
      400,
      'userAdmin.hasContestSubmissions',
      { count: contestSubmissions, contests: inContests.length },
      // the console words its second confirmation from these
      { count: contestSubmissions, contests: inContests.length },
    );

  await db.kysely.transaction().execute(async (trx) => {
    if (targets.some(isRootAccount) && (await activeRootsOutside(trx, db.dialect, ids)) === 0)
      throw badRequest('userAdmin.lastRoot');
    await trx
      .deleteFrom('contest_balloon')
      .where('submit_id', 'in', (eb) => eb.selectFrom('judge').select('submit_id').where('uid', 'in', ids))
      .execute();
    for (const [table, column] of OWN_ROWS)
      await trx.deleteFrom(table).where(sql.ref(column), 'in', ids).execute();
    await trx
      .deleteFrom('admin_sys_notice')
      .where('type', '=', 'Single')
      .where('recipient_id', 'in', ids)
      .execute();
    await trx
      .deleteFrom('login_failure')
      .where(
        'username',
        'in',
        targets.map((t) => t.username),
      )
      .execute();
    await trx.deleteFrom('user_info').where('uuid', 'in', ids).execute();
    // a board applies new and changed submissions only; a new gmt_modified makes every replica
    // build the contest's board afresh, without the deleted ones
    if (inContests.length > 0)
      await trx
        .updateTable('contest')
        .set({ gmt_modified: nowIso() })
        .where(
          'id',
          'in',
          inContests.map((r) => r.cid),
        )
        .execute();
  });
  if (inContests.length > 0) contestRowChanged(db);
  for (const uid of ids) sessionChanged(uid);
  return ids.length;
}
