import { z } from 'zod';
import { isoTime } from './common';
import { announcement } from './site';

/** Answers of the group calls (docs/architecture.md, Contracts on the wire; Groups). */

/** HOJ GroupVO: a group as the list shows it (never its invitation code). */
export const groupVO = z.object({
  id: z.number(),
  avatar: z.string().nullable(),
  /** the owner's username */
  owner: z.string(),
  name: z.string(),
  shortName: z.string(),
  brief: z.string().nullable(),
  description: z.string().nullable(),
  /** 1 public, 2 protected, 3 private */
  auth: z.number(),
  visible: z.boolean(),
  /** members, admins and roots (applicants not counted) */
  memberCount: z.number(),
  gmtCreate: isoTime,
});

/** HOJ Group (GET /api/get-group-detail): `code` only for the group's roots and the site's root. */
export const groupDetail = z.object({
  id: z.number(),
  avatar: z.string().nullable(),
  name: z.string(),
  shortName: z.string(),
  brief: z.string().nullable(),
  description: z.string().nullable(),
  /** `description` rendered and sanitised on the server (not in HOJ: its clients ignore it) */
  descriptionHtml: z.string(),
  owner: z.string(),
  /** the owner's account */
  uid: z.string(),
  auth: z.number(),
  visible: z.boolean(),
  /** 0 normal, 1 banned (only the site's root sees a banned group) */
  status: z.number(),
  code: z.string().nullable(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
});

/** HOJ AccessVO of a group: whether the caller may enter (a member, or the site's root). */
export const groupAccess = z.object({ access: z.boolean() });

/**
 * HOJ GroupMemberVO: `auth` 1 applied, 2 refused, 3 member, 4 admin, 5 root; `reason` the application's
 * text (the apply list only); `gmtModify` (sic, HOJ's name) when the role last changed.
 */
export const groupMember = z.object({
  id: z.number(),
  gid: z.number(),
  uid: z.string(),
  username: z.string(),
  auth: z.number(),
  reason: z.string().nullable(),
  gmtCreate: isoTime,
  gmtModify: isoTime,
});

/** A group's announcement (HOJ AnnouncementVO with the group's id). */
export const groupAnnouncement = announcement.extend({ gid: z.number() });

/** The console's group (root): the list's fields with the owner's account, the status and the last change. */
export const adminGroup = groupVO.extend({
  uid: z.string(),
  status: z.number(),
  gmtModified: isoTime,
});
