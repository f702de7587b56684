import { sql } from 'kysely';
import type { UserInfo } from '../../../shared/api/types';
import type { LoginForm } from '../../../shared/schemas/forms';
import type { Db } from '../../db/database';
import { badRequest, forbidden } from '../errors';
import { verifyPassword } from './passwords';
import type { TokenService } from './tokens';
import { findUserByUsername, roleIdsOf, toUserInfo } from './users';

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
}

/** Checks the password and issues a token (HOJ's /api/login, passwords in scrypt). */
export async function login(db: Db, tokens: TokenService, form: Required<LoginForm>): Promise<LoginResult> {
  const user = await findUserByUsername(db, form.username);
  // The same answer for an unknown user and a wrong password: no username oracle.
  if (!user || !(await verifyPassword(form.password, user.password))) throw badRequest('server.loginFailed');
  if (user.status === 1) throw forbidden('server.accountBanned');
  const roleIds = await roleIdsOf(db, user.uuid);
  return { token: await tokens.issue(user.uuid, user.token_version), userInfo: toUserInfo(user, roleIds) };
}

/** Logout revokes every token of the user, on every device (HOJ semantics). */
export async function revokeTokens(db: Db, uid: string): Promise<void> {
  await db.kysely
    .updateTable('user_info')
    .set({ token_version: sql<number>`token_version + 1` })
    .where('uuid', '=', uid)
    .execute();
}
