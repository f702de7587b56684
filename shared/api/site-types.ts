/** Answers about the site: its settings, announcements and message boxes. */

import type { z } from 'zod';
import type * as site from '../schemas/responses/site';

export type Announcement = z.infer<typeof site.announcement>;

export interface WebsiteConfig {
  baseUrl: string;
  name: string;
  shortName: string;
  description: string;
  register: boolean;
  recordName: string;
  recordUrl: string;
  projectName: string;
  projectUrl: string;
  openPublicDiscussion: boolean;
  openGroupDiscussion: boolean;
  openContestComment: boolean;
  email: string;
  /** Verdict extension of the config: lets clients tell our server from other HOJ servers. */
  product?: string;
  version?: string;
  /** Verdict: mail is written to files on the server (demo without SMTP): the forms say so */
  mailLocalFiles?: boolean;
}

/** The web config root edits (GET /api/admin/config/get-web-config). */
export type WebConfigAdmin = Omit<WebsiteConfig, 'product' | 'version' | 'mailLocalFiles'>;

/** The site switches root edits (GET /api/admin/switch/info). */
export interface SiteSwitches {
  openPublicJudge: boolean;
  defaultSubmitInterval: number;
  emailSuffixAllow: string[];
  emailSuffixDeny: string[];
}

export interface UnreadCounts {
  comment: number;
  reply: number;
  like: number;
  sys: number;
  mine: number;
}

/** HOJ UserMsgVO: a comment, reply or like reminder (GET /api/msg/comment|reply|like). */
export interface UserMsg {
  id: number;
  /** Discuss | Reply | Like_Post | Like_Discuss */
  action: string;
  sourceId: number | null;
  /** what it happened in: Discussion, Contest ... */
  sourceType: string | null;
  /** the comment or reply text, or what was liked */
  sourceContent: string | null;
  quoteId: number | null;
  quoteType: string | null;
  /** where to see it on the site */
  url: string | null;
  /** read before this page was fetched (fetching a page marks it read) */
  state: boolean;
  senderId: string;
  senderUsername: string | null;
  senderAvatar: string | null;
  gmtCreate: string;
}

/** HOJ SysMsgVO: a notice in the caller's box (GET /api/msg/sys|mine); content is Markdown. */
export interface SysMsg {
  /** the box entry (what DELETE /api/msg/clean takes) */
  id: number;
  sysNoticeId: number;
  title: string;
  content: string;
  type: 'Sys' | 'Mine';
  /** read before this page was fetched (fetching a page marks it read) */
  state: boolean;
  gmtCreate: string;
}

/** HOJ AdminSysNoticeVO: a notice as root manages it (GET /api/admin/msg/notice). */
export interface AdminSysNotice {
  id: number;
  title: string;
  content: string;
  type: 'All' | 'Single' | 'Admin';
  /** delivered (always true: broadcasts reach each user when they next read their messages) */
  state: boolean;
  adminId: string | null;
  adminUsername: string | null;
  recipientId: string | null;
  recipientUsername: string | null;
  gmtCreate: string;
  gmtModified: string;
}
