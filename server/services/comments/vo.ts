import type { CommentRole, CommentVO, ReplyVO } from '../../../shared/api/comment-types';
import type { Db } from '../../db/database';
import type { CurrentUser } from '../auth/users';
import { isAdminUser, isRootUser } from '../authz';
import { notFound } from '../errors';
import type { Queryable } from './scope';

/** HOJ's fromRole: root, admin (admin or problem admin), or user. */
export function commentRoleOf(user: CurrentUser): CommentRole {
  if (isRootUser(user)) return 'root';
  if (isAdminUser(user)) return 'admin';
  return 'user';
}

const asRole = (role: string): CommentRole => (role === 'root' || role === 'admin' ? role : 'user');

/** The author's stored name and avatar, and what the account says now (title, current name and avatar). */
export async function authorOf(db: Queryable, uid: string) {
  const row = await db
    .selectFrom('user_info')
    .select(['uuid', 'username', 'avatar', 'title_name', 'title_color'])
    .where('uuid', '=', uid)
    .executeTakeFirst();
  if (!row) throw notFound('comments.userNotFound');
  return row;
}

/** Comments with their author's current name, avatar and title (the stored ones when the account is gone). */
export function selectComments(db: Db) {
  return db.kysely
    .selectFrom('comment as c')
    .leftJoin('user_info as u', 'u.uuid', 'c.from_uid')
    .selectAll('c')
    .select([
      'u.username as u_name',
      'u.avatar as u_avatar',
      'u.title_name as u_title_name',
      'u.title_color as u_title_color',
    ]);
}

export function selectReplies(db: Db) {
  return db.kysely
    .selectFrom('reply as r')
    .leftJoin('user_info as u', 'u.uuid', 'r.from_uid')
    .leftJoin('user_info as t', 't.uuid', 'r.to_uid')
    .selectAll('r')
    .select([
      'u.username as u_name',
      'u.avatar as u_avatar',
      'u.title_name as u_title_name',
      'u.title_color as u_title_color',
      't.username as t_name',
      't.avatar as t_avatar',
    ]);
}

export type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>['execute']>>[number];
export type ReplyRow = Awaited<ReturnType<ReturnType<typeof selectReplies>['execute']>>[number];

export function toReplyVO(r: ReplyRow): ReplyVO {
  return {
    id: r.id,
    commentId: r.comment_id,
    fromUid: r.from_uid,
    fromName: r.u_name ?? r.from_name,
    fromAvatar: r.u_name ? (r.u_avatar ?? null) : r.from_avatar,
    fromRole: asRole(r.from_role),
    fromTitleName: r.u_title_name ?? null,
    fromTitleColor: r.u_title_color ?? null,
    toUid: r.to_uid,
    toName: r.t_name ?? r.to_name,
    toAvatar: r.t_name ? (r.t_avatar ?? null) : r.to_avatar,
    content: r.content,
    status: r.status,
    gmtCreate: r.gmt_create,
    gmtModified: r.gmt_modified,
  };
}

export function toCommentVO(c: CommentRow, replies: ReplyVO[], totalReplyNum: number): CommentVO {
  return {
    id: c.id,
    cid: c.cid,
    did: c.did,
    content: c.content,
    fromUid: c.from_uid,
    fromName: c.u_name ?? c.from_name,
    fromAvatar: c.u_name ? (c.u_avatar ?? null) : c.from_avatar,
    fromRole: asRole(c.from_role),
    fromTitleName: c.u_title_name ?? null,
    fromTitleColor: c.u_title_color ?? null,
    likeNum: c.like_num,
    totalReplyNum,
    replyList: replies,
    gmtCreate: c.gmt_create,
  };
}
