/** Answers about the site: its settings, announcements and message boxes. */

import type { z } from 'zod';
import type * as messages from '../schemas/responses/messages';
import type * as site from '../schemas/responses/site';

export type Announcement = z.infer<typeof site.announcement>;

export type WebsiteConfig = z.infer<typeof site.websiteConfig>;

/** The web config root edits (GET /api/admin/config/get-web-config). */
export type WebConfigAdmin = z.infer<typeof site.webConfigAdmin>;

/** The site switches root edits (GET /api/admin/switch/info). */
export type SiteSwitches = z.infer<typeof site.siteSwitches>;

export type UnreadCounts = z.infer<typeof messages.unreadCounts>;

/** HOJ UserMsgVO: a comment, reply or like reminder (GET /api/msg/comment|reply|like). */
export type UserMsg = z.infer<typeof messages.userMsg>;

/** HOJ SysMsgVO: a notice in the caller's box (GET /api/msg/sys|mine); content is Markdown. */
export type SysMsg = z.infer<typeof messages.sysMsg>;

/** HOJ AdminSysNoticeVO: a notice as root manages it (GET /api/admin/msg/notice). */
export type AdminSysNotice = z.infer<typeof messages.adminSysNotice>;
