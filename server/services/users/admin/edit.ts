/**
 * HOJ PUT /api/admin/user/edit-user: an account's name, real name, e-mail, title, password, user
 * type and status (docs/security.md, Users in the admin console).
 */
import { sql } from 'kysely';
import { Role } from '../../../../shared/constants/roles';
import { M } from '../../../../shared/schemas/forms';
import { type EditUserParams, USER_ADMIN_LIMITS } from '../../../../shared/schemas/user-admin';
import type { Db } from '../../../db/database';
import type { UserInfoTable } from '../../../db/schema';
import { clearFailuresOfUser } from '../../auth/login-throttle';
import { hashPassword } from '../../auth/passwords';
import { sessionChanged } from '../../auth/sessions';
import { type CurrentUser, findUserByEmail, findUserByUid, isUniqueViolation } from '../../auth/users';
import { canGrantRole, canManageAccount } from '../../authz';
import { nowIso } from '../../clock';
import { contestRowChanged } from '../../contests/contest-row-cache';
import { badRequest, forbidden, notFound } from '../../errors';
import {
  activeRootsOutside,
  assertCanAdministerUsers,
  isRootAccount,
  loadAccounts,
  takeQuota,
} from './access';

export async function editUser(db: Db, user: CurrentUser, params: EditUserParams): Promise<void> {
  assertCanAdministerUsers(user);
  await takeQuota(db, 'change', user, USER_ADMIN_LIMITS.quota.change);
  const [target] = await loadAccounts(db, [params.uid]);
  const row = target ? await findUserByUid(db, target.uid) : undefined;
  if (!target || !row) throw notFound('userAdmin.userNotFound');
  if (!canManageAccount(user, target)) throw forbidden('userAdmin.protectedAccount');

  const newRole = params.type;
  const roleChange = newRole !== undefined && !(target.roleIds.length === 1 && target.roleIds[0] === newRole);
  if (roleChange && !canGrantRole(user, newRole)) throw forbidden('userAdmin.roleNotAllowed');
  const banning = params.status === 1 && target.status !== 1;
  // an admin who demotes or bans themselves locks themselves out of this very page
  if (target.uid === user.uid && (roleChange || params.status === 1))
    throw badRequest('userAdmin.cannotDemoteSelf');
  const losesRoot = isRootAccount(target) && ((roleChange && newRole !== Role.ROOT) || banning);

  const renamed = params.username !== row.username;
  if (renamed && (await usernameTakenByOther(db, params.username, row.uuid)))
    throw badRequest(M.usernameExists);
  if (params.email && params.email !== row.email) {
    const owner = await findUserByEmail(db, params.email);
    if (owner && owner.uuid !== row.uuid) throw badRequest(M.emailExists);
  }
  const passwordHash = params.setNewPwd ? await hashPassword(params.password ?? '') : null;

  const changes: Partial<UserInfoTable> = { username: params.username, gmt_modified: nowIso() };
  if (params.realname !== undefined) changes.realname = params.realname;
  if (params.email !== undefined) changes.email = params.email;
  if (params.titleName !== undefined) changes.title_name = params.titleName;
  if (params.titleColor !== undefined) changes.title_color = params.titleColor;
  if (params.status !== undefined) changes.status = params.status;
  if (passwordHash) changes.password = passwordHash;
  // a new password or a ban ends every session the user has, on every device
  const endSessions = passwordHash !== null || banning;

  try {
    await db.kysely.transaction().execute(async (trx) => {
      if (losesRoot && (await activeRootsOutside(trx, db.dialect, [target.uid])) === 0)
        throw badRequest('userAdmin.lastRoot');
      await trx
        .updateTable('user_info')
        .set({
          ...changes,
          ...(endSessions ? { token_version: sql<number>`token_version + 1` } : {}),
        })
        .where('uuid', '=', target.uid)
        .execute();
      if (roleChange) {
        await trx.deleteFrom('user_role').where('uid', '=', target.uid).execute();
        await trx.insertInto('user_role').values({ uid: target.uid, role_id: newRole }).execute();
      }
      if (renamed) {
        // the name is copied where the site shows or checks it (a problem's author owns it in the editor)
        await trx
          .updateTable('judge')
          .set({ username: params.username })
          .where('uid', '=', target.uid)
          .execute();
        await trx
          .updateTable('problem')
          .set({ author: params.username })
          .where('author', '=', row.username)
          .execute();
        await trx
          .updateTable('contest')
          .set({ author: params.username })
          .where('uid', '=', target.uid)
          .execute();
        await trx
          .updateTable('announcement')
          .set({ username: params.username })
          .where('uid', '=', target.uid)
          .execute();
        await trx
          .updateTable('discussion')
          .set({ author: params.username })
          .where('uid', '=', target.uid)
          .execute();
        await trx
          .updateTable('contest_print')
          .set({ username: params.username })
          .where('uid', '=', target.uid)
          .execute();
      }
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // lost a race with a registration or another edit
    throw badRequest(
      renamed && (await usernameTakenByOther(db, params.username, row.uuid))
        ? M.usernameExists
        : M.emailExists,
    );
  }
  // an admin's new password also lifts the login locks, as a reset by mail does
  if (passwordHash) await clearFailuresOfUser(db, params.username);
  // a new name is the author of their contests too
  if (renamed) contestRowChanged(db);
  sessionChanged(target.uid);
}

/** Registration's comparison: "Root" is taken when "root" exists. */
async function usernameTakenByOther(db: Db, username: string, uid: string): Promise<boolean> {
  const other = await db.kysely
    .selectFrom('user_info')
    .select('uuid')
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .where('uuid', '!=', uid)
    .executeTakeFirst();
  return !!other;
}
