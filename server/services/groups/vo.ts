import type { AdminGroup, GroupDetail, GroupMember, GroupVO } from '../../../shared/api/group-types';
import { bool } from '../../db/booleans';
import { markdownHtml } from '../markdown/render-cache';
import type { GroupRow } from './access';

/** Rows to HOJ's shapes on the wire. */

/** HOJ GroupVO: never the invitation code. */
export function toGroupVO(row: GroupRow, memberCount: number): GroupVO {
  return {
    id: row.id,
    avatar: row.avatar,
    owner: row.owner,
    name: row.name,
    shortName: row.short_name,
    brief: row.brief,
    description: row.description,
    auth: row.auth,
    visible: bool(row.visible),
    memberCount,
    gmtCreate: row.gmt_create,
  };
}

/** HOJ Group: the code only when `withCode` (the group's roots and the site's root). */
export function toGroupDetail(row: GroupRow, withCode: boolean): GroupDetail {
  return {
    id: row.id,
    avatar: row.avatar,
    name: row.name,
    shortName: row.short_name,
    brief: row.brief,
    description: row.description,
    descriptionHtml: markdownHtml(row.description ?? ''),
    owner: row.owner,
    uid: row.uid,
    auth: row.auth,
    visible: bool(row.visible),
    status: row.status,
    code: withCode ? row.code : null,
    gmtCreate: row.gmt_create,
    gmtModified: row.gmt_modified,
  };
}

export function toAdminGroup(row: GroupRow, memberCount: number): AdminGroup {
  return {
    ...toGroupVO(row, memberCount),
    uid: row.uid,
    status: row.status,
    gmtModified: row.gmt_modified,
  };
}

export interface MemberRow {
  id: number;
  gid: number;
  uid: string;
  username: string;
  auth: number;
  reason: string | null;
  gmt_create: string;
  gmt_modified: string;
}

/** HOJ GroupMemberVO; the reason only where `withReason` (the admins' apply list). */
export function toGroupMember(row: MemberRow, withReason: boolean): GroupMember {
  return {
    id: row.id,
    gid: row.gid,
    uid: row.uid,
    username: row.username,
    auth: row.auth,
    reason: withReason ? row.reason : null,
    gmtCreate: row.gmt_create,
    gmtModify: row.gmt_modified,
  };
}
