import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { DB_INT_MAX, dbId, dbInt } from './db-int';
import { codeSchema, M } from './forms';
import type * as submissions from './responses/submissions';

/**
 * Request schemas of the HOJ endpoints (query strings and bodies), shared by the server's routes
 * and by tests. HOJ clients send booleans and numbers in query strings as text.
 */
export const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1');

const optionalInt = z.preprocess((v) => (v === '' || v === null ? undefined : v), dbInt().optional());

export const pageQuery = z.object({
  currentPage: optionalInt,
  limit: optionalInt,
});

/** A repeatable query parameter of ids (`tagId=1&tagId=2`); one value arrives as a plain string. */
const idList = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : Array.isArray(v) ? v : [v]),
  z.array(dbId()).max(20).optional(),
);

export const problemListQuery = pageQuery.extend({
  keyword: z.string().max(255).optional(),
  difficulty: optionalInt,
  /** HOJ: a problem must carry every listed tag */
  tagId: idList,
  /** HOJ: "Mine" or a remote OJ code; Verdict has only its own problems */
  oj: z.string().max(32).optional(),
});

export const problemDetailQuery = z.object({
  problemId: z.string().trim().min(1).max(255),
  gid: optionalInt,
});

export const submissionListQuery = pageQuery.extend({
  onlyMine: queryBool.optional(),
  status: optionalInt,
  problemID: z.string().max(255).optional(),
  username: z.string().max(255).optional(),
  completeProblemID: queryBool.optional(),
  gid: optionalInt,
});

export const submitIdQuery = z.object({
  submitId: dbId(),
});

export const checkStatusBody = z.object({
  submitIds: z.array(dbId()).max(100),
  cid: optionalInt,
});

export const languagesQuery = z.object({
  pid: optionalInt,
  all: queryBool.optional(),
});

/** What a client sends (numbers and booleans as such; the schemas also accept them as text). */
export interface ProblemListQuery {
  currentPage?: number;
  limit?: number;
  keyword?: string;
  difficulty?: number;
  tagId?: number[];
  oj?: string;
}
export interface SubmissionListQuery {
  currentPage?: number;
  limit?: number;
  onlyMine?: boolean;
  status?: number;
  problemID?: string;
  username?: string;
  completeProblemID?: boolean;
  gid?: number;
}
/** What the server works with after parsing. */
export type ProblemListParams = z.output<typeof problemListQuery>;
export type SubmissionListParams = z.output<typeof submissionListQuery>;

/* ---- Test runs and judge operations ---- */

/** Message keys of the test-run rules (locales/*.json, section `judgeOps`). */
export const TEST_RUN_MESSAGES = {
  inputRequired: 'judgeOps.testInputRequired',
  inputTooLong: 'judgeOps.testInputTooLong',
  expectedTooLong: 'judgeOps.expectedOutputTooLong',
  badType: 'judgeOps.badTestType',
} as const;

/** HOJ POST /api/submit-problem-test-judge: pid is the numeric problem id. */
export const testJudgeBody = z.object({
  pid: dbId(M.problemRequired),
  language: z.string({ error: M.languageRequired }).trim().min(1, M.languageRequired),
  code: codeSchema,
  type: z.enum(['public', 'contest', 'group'], { error: TEST_RUN_MESSAGES.badType }).default('public'),
  userInput: z
    .string({ error: TEST_RUN_MESSAGES.inputRequired })
    .min(1, TEST_RUN_MESSAGES.inputRequired)
    .max(LIMITS.testInputMaxLength, TEST_RUN_MESSAGES.inputTooLong),
  expectedOutput: z
    .string()
    .max(LIMITS.codeMaxLength, TEST_RUN_MESSAGES.expectedTooLong)
    .optional()
    .nullable(),
  /** CodeMirror mime of the editor (HOJ maps it to a language for remote problems) */
  mode: z.string().max(255).optional().nullable(),
  isRemoteJudge: z.boolean().optional().nullable(),
  cid: optionalInt,
  gid: optionalInt,
});
export type TestJudgeForm = z.input<typeof testJudgeBody>;
export type TestJudgeParams = z.output<typeof testJudgeBody>;

export const testJudgeResultQuery = z.object({
  testJudgeKey: z.string().trim().min(1).max(64),
});

/** HOJ's test-judge result; while the run waits or runs only `{status: 5}`. */
export type TestJudgeResult = z.infer<typeof submissions.testJudgeResult>;

/** HOJ GET /api/admin/judge/manual-judge */
export const manualJudgeQuery = z.object({
  submitId: dbId(),
  status: dbInt(),
  score: optionalInt,
});
export type ManualJudgeParams = z.output<typeof manualJudgeQuery>;

export type ManualJudgeResult = z.infer<typeof submissions.manualJudgeResult>;

/* ---- Site administration and announcements ---- */

/** Message keys of the site admin rules (locales/*.json, section `site`). */
export const SITE_MESSAGES = {
  textTooLong: 'site.textTooLong',
  urlInvalid: 'site.urlInvalid',
  boolRequired: 'site.boolRequired',
  intervalRange: 'site.intervalRange',
  emailSuffixInvalid: 'site.emailSuffixInvalid',
  emailSuffixTooMany: 'site.emailSuffixTooMany',
  titleRequired: 'site.titleRequired',
  titleTooLong: 'site.titleTooLong',
  contentRequired: 'site.contentRequired',
  contentTooLong: 'site.contentTooLong',
  statusInvalid: 'site.statusInvalid',
  discussionRuleRange: 'site.discussionRuleRange',
  idRequired: 'site.announcementIdRequired',
} as const;

const siteText = (max: number) =>
  z.string({ error: SITE_MESSAGES.textTooLong }).trim().max(max, SITE_MESSAGES.textTooLong);
/** empty, or an absolute http(s) URL */
const siteUrl = z
  .string({ error: SITE_MESSAGES.urlInvalid })
  .trim()
  .max(255, SITE_MESSAGES.urlInvalid)
  .refine((v) => v === '' || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(v), SITE_MESSAGES.urlInvalid);
const siteBool = z.boolean({ error: SITE_MESSAGES.boolRequired });

/** HOJ PUT /api/admin/config/set-web-config: the fields sent are changed, the others kept. */
export const webConfigBody = z.object({
  baseUrl: siteUrl.optional(),
  name: siteText(255).optional(),
  shortName: siteText(64).optional(),
  description: siteText(2000).optional(),
  register: siteBool.optional(),
  recordName: siteText(255).optional(),
  recordUrl: siteUrl.optional(),
  projectName: siteText(255).optional(),
  projectUrl: siteUrl.optional(),
  openPublicDiscussion: siteBool.optional(),
  openGroupDiscussion: siteBool.optional(),
  openContestComment: siteBool.optional(),
});
export type WebConfigForm = z.input<typeof webConfigBody>;
export type WebConfigChange = z.output<typeof webConfigBody>;

const emailSuffixList = z
  .array(
    z
      .string({ error: SITE_MESSAGES.emailSuffixInvalid })
      .trim()
      .toLowerCase()
      .regex(/^@?[a-z0-9-]+(\.[a-z0-9-]+)+$/, SITE_MESSAGES.emailSuffixInvalid),
    { error: SITE_MESSAGES.emailSuffixInvalid },
  )
  .max(200, SITE_MESSAGES.emailSuffixTooMany)
  .transform((list) => [...new Set(list.map((s) => s.replace(/^@/, '')))]);

/** A number of HOJ's discussion rules (posts a day, accepted problems needed): 0 to 1000. */
const discussionRuleNumber = z
  .number({ error: SITE_MESSAGES.discussionRuleRange })
  .int(SITE_MESSAGES.discussionRuleRange)
  .min(0, SITE_MESSAGES.discussionRuleRange)
  .max(1000, SITE_MESSAGES.discussionRuleRange);

/** A number of HOJ's group rules (groups a day, groups owned, accepted problems needed): 0 to 1000. */
const groupRuleNumber = z
  .number({ error: 'group.validation.ruleRange' })
  .int('group.validation.ruleRange')
  .min(0, 'group.validation.ruleRange')
  .max(1000, 'group.validation.ruleRange');

/** HOJ PUT /api/admin/switch/update: the fields sent are changed, the others kept. */
export const switchBody = z.object({
  openPublicJudge: siteBool.optional(),
  defaultSubmitInterval: z
    .number({ error: SITE_MESSAGES.intervalRange })
    .int(SITE_MESSAGES.intervalRange)
    .min(0, SITE_MESSAGES.intervalRange)
    .max(3600, SITE_MESSAGES.intervalRange)
    .optional(),
  emailSuffixAllow: emailSuffixList.optional(),
  emailSuffixDeny: emailSuffixList.optional(),
  /** HOJ's discussion rules (docs/architecture.md, Discussions) */
  defaultCreateDiscussionDailyLimit: discussionRuleNumber.optional(),
  defaultCreateDiscussionACInitValue: discussionRuleNumber.optional(),
  defaultCreateCommentACInitValue: discussionRuleNumber.optional(),
  /** HOJ's group rules (docs/architecture.md, Groups) */
  defaultCreateGroupDailyLimit: groupRuleNumber.optional(),
  defaultCreateGroupLimit: groupRuleNumber.optional(),
  defaultCreateGroupACInitValue: groupRuleNumber.optional(),
});
export type SwitchForm = z.input<typeof switchBody>;
export type SwitchChange = z.output<typeof switchBody>;

const announcementFields = {
  title: z
    .string({ error: SITE_MESSAGES.titleRequired })
    .trim()
    .min(1, SITE_MESSAGES.titleRequired)
    .max(255, SITE_MESSAGES.titleTooLong),
  content: z.string({ error: SITE_MESSAGES.contentRequired }).max(65535, SITE_MESSAGES.contentTooLong),
  /** 0 visible, 1 hidden */
  status: z
    .number({ error: SITE_MESSAGES.statusInvalid })
    .int(SITE_MESSAGES.statusInvalid)
    .min(0, SITE_MESSAGES.statusInvalid)
    .max(1, SITE_MESSAGES.statusInvalid),
};

/** HOJ POST /api/admin/announcement */
export const announcementCreateBody = z.object({
  title: announcementFields.title,
  content: announcementFields.content,
  status: announcementFields.status.default(0),
});
/** HOJ PUT /api/admin/announcement: id plus the fields to change */
export const announcementUpdateBody = z.object({
  id: z
    .number({ error: SITE_MESSAGES.idRequired })
    .int()
    .positive(SITE_MESSAGES.idRequired)
    .max(DB_INT_MAX, SITE_MESSAGES.idRequired),
  title: announcementFields.title.optional(),
  content: announcementFields.content.optional(),
  status: announcementFields.status.optional(),
});
export type AnnouncementCreateForm = z.input<typeof announcementCreateBody>;
export type AnnouncementCreateParams = z.output<typeof announcementCreateBody>;
export type AnnouncementUpdateForm = z.input<typeof announcementUpdateBody>;
export type AnnouncementUpdateParams = z.output<typeof announcementUpdateBody>;

/** HOJ DELETE /api/admin/announcement?aid= */
export const announcementIdQuery = z.object({
  aid: dbId(SITE_MESSAGES.idRequired),
});

/* ---- Editor and submission extras ---- */

/** HOJ GET /api/get-last-ac-code: pid is the numeric problem id; cid 0 or absent outside contests. */
export const lastAcCodeQuery = z.object({
  pid: dbId(),
  cid: optionalInt,
});

/** HOJ PUT /api/submission: the owner (or an admin) shares or unshares the code; uid is ignored. */
export const shareSubmissionBody = z.object({
  submitId: dbId(),
  share: z.boolean(),
  uid: z.string().max(64).optional().nullable(),
});
export type ShareSubmissionForm = z.input<typeof shareSubmissionBody>;

/* ---- Problem list and problem page ---- */

/** HOJ POST /api/get-user-problem-status: pidList holds numeric problem ids. */
export const userProblemStatusBody = z.object({
  pidList: z.array(dbId()).max(500),
  isContestProblemList: z.boolean().optional().default(false),
  cid: optionalInt,
  gid: optionalInt,
  containsEnd: z.boolean().optional().nullable(),
});
export type UserProblemStatusForm = z.input<typeof userProblemStatusBody>;
export type UserProblemStatusParams = z.output<typeof userProblemStatusBody>;

/** HOJ GET /api/get-problem-tags-and-classification */
export const tagsQuery = z.object({
  oj: z.string().max(32).optional(),
});

/** Verdict GET /api/get-Explain-list: pid is the problem's display id (as HOJ discussions store it). */
export const explainListQuery = pageQuery.extend({
  pid: z.string().trim().min(1).max(255),
  gid: optionalInt,
});
export interface ExplainListQuery {
  pid: string;
  gid?: number;
  currentPage?: number;
  limit?: number;
}

/** Verdict problem annex calls: the problem's display id, and a file name for the download. */
export const problemAnnexQuery = z.object({
  problemId: z.string().trim().min(1).max(255),
  gid: optionalInt,
});
export const problemAnnexFileQuery = problemAnnexQuery.extend({
  name: z.string().min(1).max(255),
});
