import { z } from 'zod';
import { isoTime } from './common';

/** Answers about the site: its settings and announcements (docs/architecture.md, Contracts on the wire). */

/** HOJ AnnouncementVO (site announcements; status 0 visible, 1 hidden). */
export const announcement = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  /** `content` rendered and sanitised on the server (not in HOJ: its clients ignore it) */
  contentHtml: z.string().optional(),
  uid: z.string(),
  username: z.string(),
  status: z.number(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
});

/** GET /api/get-website-config: HOJ's hoj-web.yml as every visitor reads it. */
export const websiteConfig = z.object({
  baseUrl: z.string(),
  name: z.string(),
  shortName: z.string(),
  description: z.string(),
  register: z.boolean(),
  recordName: z.string(),
  recordUrl: z.string(),
  projectName: z.string(),
  projectUrl: z.string(),
  openPublicDiscussion: z.boolean(),
  openGroupDiscussion: z.boolean(),
  openContestComment: z.boolean(),
  email: z.string(),
  /** Verdict extension of the config: lets clients tell our server from other HOJ servers. */
  product: z.string().optional(),
  version: z.string().optional(),
  /** Verdict: mail is written to files on the server (demo without SMTP): the forms say so */
  mailLocalFiles: z.boolean().optional(),
});

/** The web config root edits (GET /api/admin/config/get-web-config): without Verdict's own fields. */
export const webConfigAdmin = websiteConfig.omit({ product: true, version: true, mailLocalFiles: true });

/** The site switches root edits (GET /api/admin/switch/info). */
export const siteSwitches = z.object({
  openPublicJudge: z.boolean(),
  /** seconds between two non-contest submissions of a non-admin */
  defaultSubmitInterval: z.number(),
  emailSuffixAllow: z.array(z.string()),
  emailSuffixDeny: z.array(z.string()),
  /** HOJ's discussion rules: posts a non-admin may make a day, accepted problems needed to post and to comment */
  defaultCreateDiscussionDailyLimit: z.number(),
  defaultCreateDiscussionACInitValue: z.number(),
  defaultCreateCommentACInitValue: z.number(),
  /** HOJ's group rules: groups a non-admin may create a day and own at once, accepted problems needed to create one */
  defaultCreateGroupDailyLimit: z.number(),
  defaultCreateGroupLimit: z.number(),
  defaultCreateGroupACInitValue: z.number(),
});
