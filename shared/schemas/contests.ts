import { z } from 'zod';
import {
  AwardType,
  ContestAuth,
  ContestType,
  CONTEST_GUARDS as G,
  CONTEST_LIMITS as L,
  OI_RANK_SCORE_TYPES,
  PENALTY_MODES,
  RANK_SHOW_NAMES,
} from '../constants/contests';
import { pageQuery, queryBool } from './api';
import { dbId, dbInt } from './db-int';

/** Message keys of the contest rules (locales/*.json, section `contest`). */
export const CONTEST_MESSAGES = {
  titleRequired: 'contest.titleRequired',
  titleTooLong: 'contest.titleTooLong',
  descriptionTooLong: 'contest.descriptionTooLong',
  typeInvalid: 'contest.typeInvalid',
  authInvalid: 'contest.authInvalid',
  startTimeRequired: 'contest.startTimeRequired',
  endTimeRequired: 'contest.endTimeRequired',
  endBeforeStart: 'contest.endBeforeStart',
  durationMismatch: 'contest.durationMismatch',
  sealTimeRequired: 'contest.sealTimeRequired',
  sealTimeOutside: 'contest.sealTimeOutside',
  passwordRequired: 'contest.passwordRequired',
  passwordTooLong: 'contest.passwordTooLong',
  shortNameLength: 'contest.shortNameLength',
  shortNameChars: 'contest.shortNameChars',
  settingTooLong: 'contest.settingTooLong',
  scoreTypeInvalid: 'contest.scoreTypeInvalid',
  penaltyModeInvalid: 'contest.penaltyModeInvalid',
  rankShowNameInvalid: 'contest.rankShowNameInvalid',
  starAccountInvalid: 'contest.starAccountInvalid',
  awardInvalid: 'contest.awardInvalid',
  idRequired: 'contest.idRequired',
  problemIdRequired: 'contest.problemIdRequired',
  displayIdRequired: 'contest.displayIdRequired',
  displayIdTooLong: 'contest.displayIdTooLong',
  displayTitleTooLong: 'contest.displayTitleTooLong',
  colorTooLong: 'contest.colorTooLong',
} as const;
const K = CONTEST_MESSAGES;

/**
 * The main site's own first path segments: a contest site lives at /SHORT, so a short name equal to one
 * of them (in any case) would be shadowed by, or shadow, a main-site page.
 */
export const RESERVED_SHORT_NAMES = [
  'problem',
  'status',
  'contest',
  'admin',
  'message',
  'setting',
  'user-home',
  'reset-password',
  'submission-detail',
  'discussion',
  'discussion-detail',
  'training',
  'scrollboard',
  'api',
  'assets',
  'login',
  'home',
] as const;

export function isReservedShortName(shortName: string): boolean {
  return (RESERVED_SHORT_NAMES as readonly string[]).includes(shortName.trim().toLowerCase());
}

const id = (message: string) => dbId(message);
const time = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((v) => !Number.isNaN(Date.parse(v)), message)
    .transform((v) => new Date(v).toISOString());
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v || null);
const flag = z.boolean().optional();
/** A whole number within bounds, or absent (null too: HOJ clients send no such field). */
const boundedInt = (range: { min: number; max: number }, message: string) =>
  z
    .number({ error: message })
    .int(message)
    .min(range.min, message)
    .max(range.max, message)
    .nullish()
    .transform((v) => v ?? undefined);

const awardItem = z.object({
  priority: z.number().int(),
  name: z.string().trim().min(1).max(64),
  background: z.string().max(32).optional().default(''),
  color: z.string().max(32).optional().default(''),
  /** a percentage (award type 1) or a number of participants (type 2) */
  num: z.number().min(0),
});

/** HOJ's AdminContestVO as the admin form sends it (POST/PUT /api/admin/contest). */
export const contestFields = z.object({
  title: z
    .string({ error: K.titleRequired })
    .trim()
    .min(1, K.titleRequired)
    .max(L.titleMaxLength, K.titleTooLong),
  description: z
    .string()
    .max(L.descriptionMaxLength, K.descriptionTooLong)
    .nullish()
    .transform((v) => v ?? ''),
  type: z.union([z.literal(ContestType.ACM), z.literal(ContestType.OI)], { error: K.typeInvalid }),
  auth: z.union(
    [z.literal(ContestAuth.PUBLIC), z.literal(ContestAuth.PRIVATE), z.literal(ContestAuth.PROTECTED)],
    {
      error: K.authInvalid,
    },
  ),
  pwd: z
    .string()
    .max(L.passwordMaxLength, K.passwordTooLong)
    .nullish()
    .transform((v) => v || null),
  startTime: time(K.startTimeRequired),
  endTime: time(K.endTimeRequired),
  /** seconds; optional, computed from the times when absent */
  duration: z.number().int().nonnegative(K.durationMismatch).nullish(),
  sealRank: flag,
  sealRankTime: z
    .string()
    .trim()
    .nullish()
    .refine((v) => !v || !Number.isNaN(Date.parse(v)), K.sealTimeRequired)
    .transform((v) => (v ? new Date(v).toISOString() : null)),
  autoRealRank: flag,
  allowEndSubmit: flag,
  openPrint: flag,
  openRank: flag,
  visible: flag,
  oiRankScoreType: z.enum(OI_RANK_SCORE_TYPES, { error: K.scoreTypeInvalid }).optional(),
  rankShowName: z.enum(RANK_SHOW_NAMES, { error: K.rankShowNameInvalid }).optional(),
  penaltyMode: z.enum(PENALTY_MODES, { error: K.penaltyModeInvalid }).optional(),
  starAccount: z
    .array(z.string().trim().min(1, K.starAccountInvalid).max(255, K.starAccountInvalid), {
      error: K.starAccountInvalid,
    })
    .max(L.starAccountMax, K.starAccountInvalid)
    .optional(),
  awardType: z
    .union([z.literal(AwardType.NONE), z.literal(AwardType.PERCENT), z.literal(AwardType.COUNT)], {
      error: K.awardInvalid,
    })
    .optional(),
  awardConfigList: z
    .array(awardItem, { error: K.awardInvalid })
    .max(L.awardConfigMax, K.awardInvalid)
    .optional(),
  informedTitle: optionalText(L.titleMaxLength, K.titleTooLong),
  informed: optionalText(L.informedMaxLength, K.descriptionTooLong),
  shortName: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine(
      (v) => v === null || (v.length >= L.shortNameMinLength && v.length <= L.shortNameMaxLength),
      K.shortNameLength,
    )
    .refine((v) => v === null || /^[A-Za-z0-9_-]+$/.test(v), K.shortNameChars)
    .refine((v) => v === null || !isReservedShortName(v), 'contestSite.shortNameReserved'),
  subheading: optionalText(L.settingMaxLength, K.settingTooLong),
  sponsor: optionalText(L.settingMaxLength, K.settingTooLong),
  coOrganizer: optionalText(L.settingMaxLength, K.settingTooLong),
  organizer: optionalText(L.settingMaxLength, K.settingTooLong),
  backgroundImage: optionalText(L.settingMaxLength, K.settingTooLong),
  /** burst limit of each participant's submissions and test runs (absent: the default, or unchanged on update) */
  submitBurst: boundedInt(G.submitBurst, 'contestLimits.submitBurstInvalid'),
  submitRefillSeconds: boundedInt(G.submitRefillSeconds, 'contestLimits.submitRefillInvalid'),
});

type Fields = z.output<typeof contestFields>;

/** Rules across fields: end after start, the duration matches, the seal time lies in the contest, a password when not public. */
function crossCheck(v: Fields, ctx: z.RefinementCtx): void {
  const start = Date.parse(v.startTime);
  const end = Date.parse(v.endTime);
  if (end <= start) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: K.endBeforeStart });
    return;
  }
  if (v.duration != null && v.duration !== Math.round((end - start) / 1000)) {
    ctx.addIssue({ code: 'custom', path: ['duration'], message: K.durationMismatch });
  }
  if (v.sealRank) {
    if (!v.sealRankTime) {
      ctx.addIssue({ code: 'custom', path: ['sealRankTime'], message: K.sealTimeRequired });
    } else {
      const seal = Date.parse(v.sealRankTime);
      if (seal < start || seal > end) {
        ctx.addIssue({ code: 'custom', path: ['sealRankTime'], message: K.sealTimeOutside });
      }
    }
  }
  if (v.auth !== ContestAuth.PUBLIC && !v.pwd) {
    ctx.addIssue({ code: 'custom', path: ['pwd'], message: K.passwordRequired });
  }
}

export const contestCreateBody = contestFields.superRefine(crossCheck);
export const contestUpdateBody = contestFields.extend({ id: id(K.idRequired) }).superRefine(crossCheck);
export type ContestForm = z.input<typeof contestCreateBody>;
export type ContestParams = z.output<typeof contestCreateBody>;
export type ContestUpdateForm = z.input<typeof contestUpdateBody>;
export type ContestUpdateParams = z.output<typeof contestUpdateBody>;

export const contestIdQuery = z.object({ cid: id(K.idRequired) });

export const adminContestListQuery = pageQuery.extend({ keyword: z.string().max(255).optional() });
export type AdminContestListQuery = z.output<typeof adminContestListQuery>;

const optionalInt = z.preprocess((v) => (v === '' || v === null ? undefined : v), dbInt().optional());

/** HOJ GET /api/get-contest-list: status -1/0/1, type 0/1, auth 0/1/2, keyword in the title. */
export const contestListQuery = pageQuery.extend({
  status: optionalInt,
  type: optionalInt,
  auth: optionalInt,
  keyword: z.string().max(255).optional(),
});
export type ContestListQuery = z.output<typeof contestListQuery>;
export type ContestListParams = z.output<typeof contestListQuery>;

export const changeContestVisibleQuery = z.object({
  cid: id(K.idRequired),
  uid: z.string().max(64).optional(),
  visible: queryBool,
});

/** HOJ POST /api/admin/contest/add-problem-from-public. */
export const addContestProblemBody = z.object({
  cid: id(K.idRequired),
  pid: id(K.problemIdRequired),
  displayId: z
    .string({ error: K.displayIdRequired })
    .trim()
    .min(1, K.displayIdRequired)
    .max(L.displayIdMaxLength, K.displayIdTooLong),
});
export type AddContestProblemForm = z.input<typeof addContestProblemBody>;
export type AddContestProblemParams = z.output<typeof addContestProblemBody>;

export const contestProblemQuery = z.object({ cid: id(K.idRequired), pid: id(K.problemIdRequired) });

/** HOJ PUT /api/admin/contest/contest-problem: a ContestProblem row. */
export const contestProblemUpdateBody = z.object({
  id: id(K.idRequired).optional(),
  cid: id(K.idRequired),
  pid: id(K.problemIdRequired),
  displayId: z
    .string({ error: K.displayIdRequired })
    .trim()
    .min(1, K.displayIdRequired)
    .max(L.displayIdMaxLength, K.displayIdTooLong),
  displayTitle: z.string().trim().max(L.displayTitleMaxLength, K.displayTitleTooLong).nullish(),
  color: z.string().trim().max(L.colorMaxLength, K.colorTooLong).nullish(),
});
export type ContestProblemUpdateForm = z.input<typeof contestProblemUpdateBody>;
export type ContestProblemUpdateParams = z.output<typeof contestProblemUpdateBody>;

export const adminContestProblemListQuery = pageQuery.extend({
  cid: id(K.idRequired),
  keyword: z.string().max(255).optional(),
  /** HOJ: given, the list is of problems of this type (0 ACM, 1 OI) the contest does not have yet */
  problemType: z.coerce.number().int().min(0).max(1).optional().catch(undefined),
  oj: z.string().optional(),
});
export type AdminContestProblemListQuery = z.output<typeof adminContestProblemListQuery>;
export type AdminContestProblemListParams = z.output<typeof adminContestProblemListQuery>;

/** HOJ POST /api/register-contest. */
export const registerContestBody = z.object({
  cid: id(K.idRequired),
  password: z.string().max(L.passwordMaxLength, K.passwordTooLong).nullish(),
});
export type RegisterContestForm = z.input<typeof registerContestBody>;
export type RegisterContestParams = z.output<typeof registerContestBody>;

/* ---- Inside a contest: problems, submissions ---- */

/** HOJ GET /api/get-contest-problem */
export const contestProblemListQuery = z.object({
  cid: id(K.idRequired),
  containsEnd: queryBool.optional(),
});

/** HOJ GET /api/get-contest-problem-details */
export const contestProblemDetailQuery = z.object({
  cid: id(K.idRequired),
  displayId: z.string().trim().min(1, K.displayIdRequired).max(L.displayIdMaxLength, K.displayIdTooLong),
  containsEnd: queryBool.optional(),
});

/** HOJ GET /api/contest-submissions (contestID names the contest; beforeContestSubmit picks admin tests). */
export const contestSubmissionsQuery = pageQuery.extend({
  contestID: id(K.idRequired),
  beforeContestSubmit: queryBool.optional(),
  onlyMine: queryBool.optional(),
  problemID: z.string().max(255).optional(),
  status: optionalInt,
  username: z.string().max(255).optional(),
  completeProblemID: queryBool.optional(),
  containsEnd: queryBool.optional(),
});
/** What a client sends to /api/contest-submissions. */
export interface ContestSubmissionsQuery {
  contestID: number;
  beforeContestSubmit?: boolean;
  onlyMine?: boolean;
  problemID?: string;
  status?: number;
  username?: string;
  completeProblemID?: boolean;
  containsEnd?: boolean;
  currentPage?: number;
  limit?: number;
}
export type ContestSubmissionsParams = z.output<typeof contestSubmissionsQuery>;

/** HOJ POST /api/check-contest-submissions-status */
export const checkContestStatusBody = z.object({
  submitIds: z.array(dbId()).max(100),
  cid: id(K.idRequired),
});

/** HOJ POST /api/get-contest-rank and /api/get-contest-outside-scoreboard (ContestRankDTO). */
export const contestRankBody = pageQuery.extend({
  cid: id(K.idRequired),
  forceRefresh: z.boolean().nullish(),
  removeStar: z.boolean().nullish(),
  keyword: z.string().max(255).nullish(),
  containsEnd: z.boolean().nullish(),
  /** uids pinned under the caller's own row */
  concernedList: z.array(z.string().max(64)).max(200).nullish(),
  /** HOJ merges other contests' records; Verdict does not (accepted and ignored) */
  externalCidList: z.array(z.number()).max(20).nullish(),
});
/** What a client sends for a rank page. */
export interface ContestRankForm {
  cid: number;
  currentPage?: number;
  limit?: number;
  forceRefresh?: boolean;
  removeStar?: boolean;
  keyword?: string;
  containsEnd?: boolean;
  concernedList?: string[];
}
export type ContestRankParams = z.output<typeof contestRankBody>;
