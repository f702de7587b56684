/**
 * Discussions (docs/architecture.md, Discussions): HOJ's statuses, its rules' defaults and the
 * limits Verdict adds.
 */

/** HOJ discussion.status: 0 visible, 1 blocked by an admin, 2 waiting for review. */
export const DiscussionStatus = {
  VISIBLE: 0,
  BLOCKED: 1,
  REVIEW: 2,
} as const;

/**
 * HOJ's switch defaults (SwitchConfig: hoj.switch.discussion.create-daily,
 * discussion.ac-initial-value, comment.ac-initial-value); root changes them in the site switches.
 * Root, admins and problem admins are exempt from all three.
 */
export const DISCUSSION_RULE_DEFAULTS = {
  defaultCreateDiscussionDailyLimit: 5,
  defaultCreateDiscussionACInitValue: 10,
  defaultCreateCommentACInitValue: 10,
} as const;

/**
 * Lengths (HOJ's CommonValidator: title and description 255, content 65535; the report box 255 as
 * its column), page sizes, and how often one user may repeat an action (fixed windows counted in
 * `rate_window`, so replicas share them; admin roles are not limited).
 */
export const DISCUSSION_LIMITS = {
  titleMax: 255,
  descriptionMax: 255,
  contentMax: 65535,
  reportMax: 255,
  categoryNameMax: 64,
  /** categories a site may have (the list shows them all in a side bar) */
  categories: 50,
  /** a page of the list (HOJ: 10) and of the admin's report list */
  pageSize: 10,
  /** likes and taken-back likes of one user */
  likes: { max: 60, windowSeconds: 600 },
  /** reports of one user (each one lands in an admin's list) */
  reports: { max: 5, windowSeconds: 3600 },
  /** edits of one user's discussions */
  edits: { max: 30, windowSeconds: 3600 },
  /** a view is counted once per viewer and discussion in this window */
  viewWindowSeconds: 600,
  /** deletions one admin may make at once in the console */
  adminBatch: 100,
} as const;

/** The labels of HOJ's report dialog (sent as `#label# ` before the reason), as message keys. */
export const REPORT_TAGS = ['spam', 'illegal', 'vulgar', 'fraud', 'abuse', 'plagiarism'] as const;
export type ReportTag = (typeof REPORT_TAGS)[number];
