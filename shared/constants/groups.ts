import { CONTEST_GUARDS } from './contests';

/**
 * Groups (docs/architecture.md, Groups): HOJ's access types and member roles, the lengths of its
 * group form, its rules' defaults, and the limits Verdict adds.
 */

/** HOJ group.auth: 1 public (anyone joins), 2 protected (apply with a reason), 3 private (join with the invitation code). */
export const GroupAuth = { PUBLIC: 1, PROTECTED: 2, PRIVATE: 3 } as const;
export type GroupAuthValue = (typeof GroupAuth)[keyof typeof GroupAuth];

/** HOJ group.status: 0 normal, 1 banned by root (then it exists for root alone). */
export const GroupStatus = { NORMAL: 0, BANNED: 1 } as const;

/**
 * HOJ group_member.auth: 1 applied (waiting), 2 refused, 3 member, 4 admin, 5 root (the owner
 * and whom the owner raises). Members are 3-5; admins 4-5.
 */
export const GroupRole = { APPLICANT: 1, REFUSED: 2, MEMBER: 3, ADMIN: 4, ROOT: 5 } as const;
export type GroupRoleValue = (typeof GroupRole)[keyof typeof GroupRole];

/** HOJ problem.apply_public_progress: a group problem's request to join the public list. */
export const ApplyPublicProgress = { APPLIED: 1, AGREED: 2, REFUSED: 3 } as const;

/** Lengths of HOJ's group form and apply box (its GroupManager and GroupMemberManager checks). */
export const GROUP_LIMITS = {
  nameMin: 5,
  nameMax: 25,
  shortNameMin: 5,
  shortNameMax: 10,
  briefMin: 5,
  briefMax: 50,
  descriptionMin: 5,
  descriptionMax: 1000,
  codeLength: 6,
  reasonMin: 5,
  reasonMax: 100,
  /** HOJ's list shows 12 cards a page; members, applications and the console 10 */
  pageSize: 12,
  memberPageSize: 10,
  keywordMax: 255,
} as const;

/**
 * HOJ's defaults (hoj.web-config.default-user-limit.group: daily 2, total 5, ac-initial-value 20);
 * root changes them in the site switches. Root, admins and problem admins are exempt.
 */
export const GROUP_RULE_DEFAULTS = {
  defaultCreateGroupDailyLimit: 2,
  defaultCreateGroupLimit: 5,
  defaultCreateGroupACInitValue: 20,
} as const;

/**
 * How often one user may repeat a group action (docs/architecture.md, Groups): fixed windows of
 * `rate_window`, shared by replicas; the site's admin roles are exempt. Creating groups has HOJ's
 * own daily and total rules (GROUP_RULE_DEFAULTS).
 */
export const GROUP_ACTION_LIMITS = {
  /** joining or applying to groups (each try that passes the group's checks) */
  applications: { max: 10, windowSeconds: 3600 },
  /** a group admin's member changes: approving, refusing, roles, removals */
  memberChanges: { max: 120, windowSeconds: 600 },
  /** edits of a group's settings and its announcements (add, change, delete) */
  edits: { max: 60, windowSeconds: 3600 },
} as const;

/** Wrong invitation codes per group and user: the contest password guard (5 free, then doubling waits). */
export const GROUP_CODE_GUARD = CONTEST_GUARDS.password;

/** HOJ's group rank types (GET /api/get-group-rank-list `type`): 0 ACM, 1 OI. */
export const GroupRankType = { ACM: 0, OI: 1 } as const;
