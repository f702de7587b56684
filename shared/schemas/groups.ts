import { z } from 'zod';
import { GroupAuth, GroupRankType, GroupRole, GroupStatus, GROUP_LIMITS as L } from '../constants/groups';
import { announcementCreateBody, announcementUpdateBody, pageQuery, queryBool } from './api';
import { dbId } from './db-int';
import {
  type DiscussionCreateForm,
  type DiscussionUpdateForm,
  discussionCreateBody,
  discussionUpdateBody,
} from './discussions';

/**
 * Request schemas of the group calls at HOJ's paths (docs/architecture.md, Groups); the web forms use
 * the same rules, so both say the same words (locales/*.json, `group.validation`).
 */
export const GROUP_MESSAGES = {
  idRequired: 'group.validation.idRequired',
  nameLength: 'group.validation.nameLength',
  shortNameLength: 'group.validation.shortNameLength',
  briefLength: 'group.validation.briefLength',
  descriptionLength: 'group.validation.descriptionLength',
  authInvalid: 'group.validation.authInvalid',
  visibleInvalid: 'group.validation.visibleInvalid',
  codeLength: 'group.validation.codeLength',
  codeRequired: 'group.validation.codeRequired',
  reasonLength: 'group.validation.reasonLength',
  uidRequired: 'group.validation.uidRequired',
  roleInvalid: 'group.validation.roleInvalid',
  rankTypeInvalid: 'group.validation.rankTypeInvalid',
  statusInvalid: 'group.validation.statusInvalid',
  keywordTooLong: 'group.validation.keywordTooLong',
} as const;
const K = GROUP_MESSAGES;

const id = (message: string) => dbId(message);
/** HOJ clients send null or '' for "none". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const keyword = z.preprocess(blankToUndefined, z.string().max(L.keywordMax, K.keywordTooLong).optional());

/** Text trimmed, then between min and max characters (HOJ's lengths of the group form). */
const sized = (min: number, max: number, message: string) =>
  z.string({ error: message }).trim().min(min, message).max(max, message);

const groupAuth = z.coerce
  .number({ error: K.authInvalid })
  .int(K.authInvalid)
  .min(GroupAuth.PUBLIC, K.authInvalid)
  .max(GroupAuth.PRIVATE, K.authInvalid);
/** the invitation code: exactly 6 characters (blank: none) */
const code = z.preprocess(
  blankToUndefined,
  z.string({ error: K.codeLength }).length(L.codeLength, K.codeLength).optional(),
);
const visible = z.union([z.boolean(), z.literal(0), z.literal(1)], { error: K.visibleInvalid });

/** The fields of a group a client writes (HOJ's Group entity; owner, status and the rest are the server's). */
export const groupFields = {
  name: sized(L.nameMin, L.nameMax, K.nameLength),
  shortName: sized(L.shortNameMin, L.shortNameMax, K.shortNameLength),
  brief: sized(L.briefMin, L.briefMax, K.briefLength),
  /** Markdown */
  description: sized(L.descriptionMin, L.descriptionMax, K.descriptionLength),
  /** 1 public, 2 protected, 3 private */
  auth: groupAuth,
  /** shown in the list to everyone (HOJ's visible) */
  visible,
  code,
};

/** A protected or private group needs its invitation code (HOJ: 6 characters). */
const codeForAuth = (g: { auth?: number; code?: string }, ctx: z.RefinementCtx) => {
  if ((g.auth === GroupAuth.PROTECTED || g.auth === GroupAuth.PRIVATE) && !g.code)
    ctx.addIssue({ code: 'custom', message: K.codeRequired, path: ['code'] });
};

/** POST /api/group (HOJ Group): name, short name, brief, description, access, visibility, code. */
export const groupCreateBody = z
  .object({ ...groupFields, visible: visible.default(true) })
  .superRefine(codeForAuth);
export interface GroupForm {
  name: string;
  shortName: string;
  brief: string;
  description: string;
  auth: number;
  visible?: boolean;
  code?: string | null;
}
export type GroupCreateParams = z.output<typeof groupCreateBody>;

/**
 * PUT /api/group (HOJ Group with its id): the fields sent are changed, the others kept (HOJ's
 * updateById). A protected or private group keeps a code: its current one or the one sent.
 */
export const groupUpdateBody = z.object({
  id: id(K.idRequired),
  name: groupFields.name.optional(),
  shortName: groupFields.shortName.optional(),
  brief: groupFields.brief.optional(),
  description: groupFields.description.optional(),
  auth: groupAuth.optional(),
  visible: visible.optional(),
  code,
});
export interface GroupUpdateForm extends Partial<GroupForm> {
  id: number;
}
export type GroupUpdateParams = z.output<typeof groupUpdateBody>;

/** GET /api/get-group-list: `auth` filters by access (0 or none: all), `onlyMine` the caller's groups. */
export const groupListQuery = pageQuery.extend({
  keyword,
  auth: z.preprocess(
    (v) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v),
    groupAuth.optional(),
  ),
  onlyMine: queryBool.optional(),
});
export interface GroupListQuery {
  currentPage?: number;
  limit?: number;
  keyword?: string;
  auth?: number;
  onlyMine?: boolean;
}
export type GroupListParams = z.output<typeof groupListQuery>;

/** The calls that name one group (`gid`). */
export const groupIdQuery = z.object({ gid: id(K.idRequired) });

const roleFilter = z.preprocess(
  (v) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v),
  z.coerce
    .number({ error: K.roleInvalid })
    .int(K.roleInvalid)
    .min(GroupRole.APPLICANT, K.roleInvalid)
    .max(GroupRole.ROOT, K.roleInvalid)
    .optional(),
);

/** GET /api/group/get-member-list and get-apply-list: `keyword` in the username, `auth` one role. */
export const groupMemberListQuery = pageQuery.extend({ gid: id(K.idRequired), keyword, auth: roleFilter });
export interface GroupMemberListQuery {
  gid: number;
  currentPage?: number;
  limit?: number;
  keyword?: string;
  auth?: number;
}
export type GroupMemberListParams = z.output<typeof groupMemberListQuery>;

/** POST /api/group/member: HOJ sends gid, code and reason in the query string (a `uid` is ignored). */
export const groupJoinQuery = z.object({
  gid: id(K.idRequired),
  code: z.preprocess(blankToUndefined, z.string().max(64, K.codeLength).optional()),
  reason: z.preprocess(
    blankToUndefined,
    z.string().trim().min(L.reasonMin, K.reasonLength).max(L.reasonMax, K.reasonLength).optional(),
  ),
});
export interface GroupJoinQuery {
  gid: number;
  code?: string;
  reason?: string;
}
export type GroupJoinParams = z.output<typeof groupJoinQuery>;

/**
 * PUT /api/group/member (HOJ GroupMember): the member's new role. 2 refuses an applicant, 3 makes a
 * member (approves), 4 an admin, 5 a group root. HOJ's other fields (id, reason, times) are ignored.
 */
export const groupMemberUpdateBody = z.object({
  gid: id(K.idRequired),
  uid: z.string({ error: K.uidRequired }).trim().min(1, K.uidRequired).max(64, K.uidRequired),
  auth: z
    .number({ error: K.roleInvalid })
    .int(K.roleInvalid)
    .min(GroupRole.REFUSED, K.roleInvalid)
    .max(GroupRole.ROOT, K.roleInvalid),
});
export interface GroupMemberUpdateForm {
  gid: number;
  uid: string;
  auth: number;
}
export type GroupMemberUpdateParams = z.output<typeof groupMemberUpdateBody>;

/** DELETE /api/group/member: the member to remove. */
export const groupMemberDeleteQuery = z.object({
  gid: id(K.idRequired),
  uid: z.string({ error: K.uidRequired }).trim().min(1, K.uidRequired).max(64, K.uidRequired),
});

/** GET /api/group/get-announcement-list, get-admin-announcement-list, get-admin-discussion-list */
export const groupPageQuery = pageQuery.extend({ gid: id(K.idRequired) });
export interface GroupPageQuery {
  gid: number;
  currentPage?: number;
  limit?: number;
}

/** POST /api/group/announcement: the site's announcement fields plus the group's id. */
export const groupAnnouncementCreateBody = announcementCreateBody.extend({ gid: id(K.idRequired) });
export interface GroupAnnouncementCreateForm {
  gid: number;
  title: string;
  content: string;
  /** 0 visible, 1 hidden */
  status?: number;
}
export type GroupAnnouncementCreateParams = z.output<typeof groupAnnouncementCreateBody>;

/** PUT /api/group/announcement: its id and the fields to change (a `gid` sent is ignored: the row's counts). */
export const groupAnnouncementUpdateBody = announcementUpdateBody.extend({
  gid: z.preprocess(blankToUndefined, dbId().optional()),
});
export interface GroupAnnouncementUpdateForm {
  id: number;
  gid?: number;
  title?: string;
  content?: string;
  status?: number;
}
export type GroupAnnouncementUpdateParams = z.output<typeof groupAnnouncementUpdateBody>;

/** GET /api/group/get-discussion-list: `pid` narrows to one problem's discussions. */
export const groupDiscussionListQuery = groupPageQuery.extend({
  pid: z.preprocess(blankToUndefined, z.string().trim().max(255).optional()),
});
export interface GroupDiscussionListQuery extends GroupPageQuery {
  pid?: string;
}

/** POST /api/group/discussion: a discussion (HOJ Discussion) in the group `gid`. */
export const groupDiscussionCreateBody = discussionCreateBody.extend({ gid: id(K.idRequired) });
export interface GroupDiscussionCreateForm extends DiscussionCreateForm {
  gid: number;
}
export type GroupDiscussionCreateParams = z.output<typeof groupDiscussionCreateBody>;

/** PUT /api/group/discussion: id plus the fields (a `gid` sent is ignored: the row's counts). */
export const groupDiscussionUpdateBody = discussionUpdateBody.extend({
  gid: z.preprocess(blankToUndefined, dbId().optional()),
});
export interface GroupDiscussionUpdateForm extends DiscussionUpdateForm {
  gid?: number;
}
export type GroupDiscussionUpdateParams = z.output<typeof groupDiscussionUpdateBody>;

/** HOJ's rank type: 0 ACM, 1 OI (the names are accepted too). */
const rankType = z.preprocess(
  (v) => (v === 'ACM' || v === 'acm' ? GroupRankType.ACM : v === 'OI' || v === 'oi' ? GroupRankType.OI : v),
  z.coerce
    .number({ error: K.rankTypeInvalid })
    .int(K.rankTypeInvalid)
    .min(GroupRankType.ACM, K.rankTypeInvalid)
    .max(GroupRankType.OI, K.rankTypeInvalid),
);

/** GET /api/get-group-rank-list: `searchUser` in the username or nickname. */
export const groupRankQuery = pageQuery.extend({
  gid: id(K.idRequired),
  type: rankType,
  searchUser: keyword,
});
export interface GroupRankQuery {
  gid: number;
  type: number | 'ACM' | 'OI';
  currentPage?: number;
  limit?: number;
  searchUser?: string;
}
export type GroupRankParams = z.output<typeof groupRankQuery>;

const groupStatus = z.coerce
  .number({ error: K.statusInvalid })
  .int(K.statusInvalid)
  .min(GroupStatus.NORMAL, K.statusInvalid)
  .max(GroupStatus.BANNED, K.statusInvalid);

/** GET /api/admin/group/get-group-list (root): every group, banned and hidden ones too. */
export const adminGroupListQuery = pageQuery.extend({
  keyword,
  auth: groupListQuery.shape.auth,
  status: z.preprocess(blankToUndefined, groupStatus.optional()),
});
export interface AdminGroupListQuery {
  currentPage?: number;
  limit?: number;
  keyword?: string;
  auth?: number;
  status?: number;
}
export type AdminGroupListParams = z.output<typeof adminGroupListQuery>;

/** PUT /api/admin/group/change-group-status (root): 0 normal, 1 banned. */
export const adminGroupStatusQuery = z.object({ gid: id(K.idRequired), status: groupStatus });
