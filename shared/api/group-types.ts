import type { z } from 'zod';
import type * as groups from '../schemas/responses/groups';

/** HOJ GroupVO: a group as the list shows it. */
export type GroupVO = z.infer<typeof groups.groupVO>;
/** HOJ Group: GET /api/get-group-detail, with its description rendered on the server. */
export type GroupDetail = z.infer<typeof groups.groupDetail>;
/** HOJ AccessVO of a group. */
export type GroupAccess = z.infer<typeof groups.groupAccess>;
/** HOJ GroupMemberVO: a member or an application. */
export type GroupMember = z.infer<typeof groups.groupMember>;
/** A group's announcement. */
export type GroupAnnouncement = z.infer<typeof groups.groupAnnouncement>;
/** A group as the console (root) lists it. */
export type AdminGroup = z.infer<typeof groups.adminGroup>;
