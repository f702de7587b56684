import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { UserInfo } from '../../../shared/api/types';
import { ROLE_NAMES, Role, type RoleId } from '../../../shared/constants/roles';
import type { Db } from '../../db/database';
import type { Database, UserInfoTable } from '../../db/schema';
import { nowIso } from '../clock';
import { hashPassword } from './passwords';

export interface CurrentUser {
  uid: string;
  username: string;
  roleIds: number[];
  roles: string[];
}

export async function findUserByUsername(db: Db, username: string) {
  return db.kysely.selectFrom('user_info').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function findUserByUid(db: Db, uid: string) {
  return db.kysely.selectFrom('user_info').selectAll().where('uuid', '=', uid).executeTakeFirst();
}

/** What each request needs of its user: one query for the account and its roles. */
export async function findSession(db: Db, uid: string) {
  const rows = await db.kysely
    .selectFrom('user_info')
    .leftJoin('user_role', 'user_role.uid', 'user_info.uuid')
    .select([
      'user_info.uuid',
      'user_info.username',
      'user_info.token_version',
      'user_info.status',
      'user_role.role_id',
    ])
    .where('user_info.uuid', '=', uid)
    .execute();
  const first = rows[0];
  if (!first) return null;
  return {
    uid: first.uuid,
    username: first.username,
    tokenVersion: first.token_version,
    status: first.status,
    roleIds: rows.flatMap((r) => (r.role_id === null ? [] : [r.role_id])).sort((a, b) => a - b),
  };
}

export async function roleIdsOf(db: Db, uid: string): Promise<number[]> {
  const rows = await db.kysely.selectFrom('user_role').select('role_id').where('uid', '=', uid).execute();
  return rows.map((r) => r.role_id).sort((a, b) => a - b);
}

export function roleNames(roleIds: readonly number[]): string[] {
  return roleIds.map((id) => ROLE_NAMES[id as RoleId]).filter((n): n is string => !!n);
}

export function toUserInfo(row: UserInfoTable, roleIds: readonly number[]): UserInfo {
  return {
    uid: row.uuid,
    username: row.username,
    nickname: row.nickname,
    avatar: row.avatar,
    email: row.email,
    school: row.school,
    signature: row.signature,
    realname: row.realname,
    gender: row.gender,
    titleName: row.title_name,
    titleColor: row.title_color,
    roleList: roleNames(roleIds),
    github: row.github,
    blog: row.blog,
  };
}

export interface NewUser {
  username: string;
  password: string;
  email?: string | null;
  roleId?: RoleId;
  nickname?: string | null;
  school?: string | null;
}

export async function createUser(db: Db, user: NewUser): Promise<string> {
  return insertUser(db.kysely, { ...user, passwordHash: await hashPassword(user.password) });
}

/**
 * Inserts the user and the role row; takes a transaction or the database. The password is hashed
 * by the caller (scrypt is slow: never inside a transaction that holds SQLite's one connection).
 */
export async function insertUser(
  executor: Kysely<Database>,
  user: Omit<NewUser, 'password'> & { passwordHash: string },
): Promise<string> {
  const uid = randomUUID().replace(/-/g, '');
  const now = nowIso();
  await executor
    .insertInto('user_info')
    .values({
      uuid: uid,
      username: user.username,
      password: user.passwordHash,
      nickname: user.nickname ?? null,
      school: user.school ?? null,
      realname: null,
      email: user.email ?? null,
      avatar: null,
      signature: null,
      gender: null,
      title_name: null,
      title_color: null,
      status: 0,
      token_version: 0,
      gmt_create: now,
      gmt_modified: now,
    })
    .execute();
  await executor
    .insertInto('user_role')
    .values({ uid, role_id: user.roleId ?? Role.DEFAULT_USER })
    .execute();
  return uid;
}

/** Case-insensitive look-ups: "Root" may not register beside "root", nor "A@x.com" beside "a@x.com". */
export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('user_info')
    .select('uuid')
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return !!row;
}

export async function findUserByEmail(db: Db, email: string) {
  return db.kysely
    .selectFrom('user_info')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** A unique-constraint violation from either database (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
