import { z } from 'zod';
import { pageQuery } from './api';
import { DB_INT_MAX, DB_INT_MIN, dbId } from './db-int';

/** Message keys of the contest operations (locales/*.json, section `contestOps`). */
export const CONTEST_OPS_MESSAGES = {
  cidRequired: 'contestOps.cidRequired',
  idRequired: 'contestOps.idRequired',
  problemIdRequired: 'contestOps.problemIdRequired',
  titleRequired: 'contestOps.titleRequired',
  titleTooLong: 'contestOps.titleTooLong',
  contentRequired: 'contestOps.contentRequired',
  contentTooLong: 'contestOps.contentTooLong',
  statusInvalid: 'contestOps.statusInvalid',
  readListInvalid: 'contestOps.readListInvalid',
  printEmpty: 'contestOps.printEmpty',
  printTooShort: 'contestOps.printTooShort',
  printTooLong: 'contestOps.printTooLong',
  checkedRequired: 'contestOps.checkedRequired',
  contestRequired: 'contestOps.contestRequired',
} as const;
const K = CONTEST_OPS_MESSAGES;

/** A print text has at least 50 characters (after trimming); code-sized at most. */
export const PRINT_LIMITS = { minLength: 50, maxLength: 65535, intervalSeconds: 30 } as const;
/** Page sizes of the contest's announcements, Admin Helper and Admin Print lists. */
export const CONTEST_OPS_PAGE_SIZES = { announcements: 5, acInfo: 20, prints: 15 } as const;
/** The most ids a client may say it has read (a contest has far fewer announcements). */
export const READ_ANNOUNCEMENT_LIST_MAX = 1000;

const id = (message: string) => dbId(message);
const cid = id(K.cidRequired);

const announcementTitle = z
  .string({ error: K.titleRequired })
  .trim()
  .min(1, K.titleRequired)
  .max(255, K.titleTooLong);
const announcementContent = z
  .string({ error: K.contentRequired })
  .max(65535, K.contentTooLong)
  .refine((v) => v.trim().length > 0, K.contentRequired);
/** 0 visible, 1 hidden */
const announcementStatus = z
  .number({ error: K.statusInvalid })
  .int(K.statusInvalid)
  .min(0, K.statusInvalid)
  .max(1, K.statusInvalid);

/** GET /api/get-contest-announcement and GET /api/admin/contest/announcement. */
export const contestAnnouncementListQuery = pageQuery.extend({ cid });
export type ContestAnnouncementListQuery = z.output<typeof contestAnnouncementListQuery>;
export type ContestAnnouncementListParams = z.output<typeof contestAnnouncementListQuery>;

/** POST /api/get-contest-not-read-announcement. */
export const notReadAnnouncementBody = z.object({
  cid,
  readAnnouncementList: z
    .array(
      z
        .number({ error: K.readListInvalid })
        .int(K.readListInvalid)
        .min(DB_INT_MIN, K.readListInvalid)
        .max(DB_INT_MAX, K.readListInvalid),
      { error: K.readListInvalid },
    )
    .max(READ_ANNOUNCEMENT_LIST_MAX, K.readListInvalid)
    .nullish()
    .transform((v) => v ?? []),
});
export type NotReadAnnouncementForm = z.input<typeof notReadAnnouncementBody>;
export type NotReadAnnouncementParams = z.output<typeof notReadAnnouncementBody>;

/** POST /api/admin/contest/announcement (HOJ AnnouncementDTO). */
export const contestAnnouncementCreateBody = z.object({
  cid,
  announcement: z.object(
    {
      title: announcementTitle,
      content: announcementContent,
      status: announcementStatus.nullish().transform((v) => v ?? 0),
    },
    { error: K.titleRequired },
  ),
});
export type ContestAnnouncementCreateForm = z.input<typeof contestAnnouncementCreateBody>;
export type ContestAnnouncementCreateParams = z.output<typeof contestAnnouncementCreateBody>;

/** PUT /api/admin/contest/announcement: the announcement's id and the fields to change. */
export const contestAnnouncementUpdateBody = z.object({
  cid,
  announcement: z.object(
    {
      id: id(K.idRequired),
      title: announcementTitle.optional(),
      content: announcementContent.optional(),
      status: announcementStatus.optional(),
    },
    { error: K.idRequired },
  ),
});
export type ContestAnnouncementUpdateForm = z.input<typeof contestAnnouncementUpdateBody>;
export type ContestAnnouncementUpdateParams = z.output<typeof contestAnnouncementUpdateBody>;

/** DELETE /api/admin/contest/announcement?aid=&cid= (cid optional: the announcement names its contest). */
export const contestAnnouncementDeleteQuery = z.object({
  aid: id(K.idRequired),
  cid: id(K.cidRequired).optional(),
});

/** POST /api/submit-print-text. */
export const submitPrintBody = z.object({
  cid,
  content: z
    .string({ error: K.printEmpty })
    .max(PRINT_LIMITS.maxLength, K.printTooLong)
    .refine((v) => v.trim().length > 0, K.printEmpty)
    .refine((v) => [...v.trim()].length >= PRINT_LIMITS.minLength, K.printTooShort),
});
export type SubmitPrintForm = z.input<typeof submitPrintBody>;
export type SubmitPrintParams = z.output<typeof submitPrintBody>;

/** GET /api/get-contest-print and GET /api/get-contest-ac-info. */
export const contestPageQuery = pageQuery.extend({ cid });
export type ContestPageQuery = z.output<typeof contestPageQuery>;
export type ContestPageParams = z.output<typeof contestPageQuery>;

/** PUT /api/check-contest-print-status?id=&cid=. */
export const checkPrintQuery = z.object({ id: id(K.idRequired), cid });
/** GET /api/file/download-contest-print-text?id=. */
export const printIdQuery = z.object({ id: id(K.idRequired) });

/** PUT /api/check-contest-ac-info: id is the submission's id. */
export const checkAcInfoBody = z.object({
  id: id(K.idRequired),
  cid,
  checked: z.boolean({ error: K.checkedRequired }),
});
export type CheckAcInfoForm = z.input<typeof checkAcInfoBody>;
export type CheckAcInfoParams = z.output<typeof checkAcInfoBody>;

/** GET /api/admin/judge/rejudge-contest-problem: pid is the numeric problem id; contestId is ignored. */
export const rejudgeContestProblemQuery = z.object({
  cid,
  pid: id(K.problemIdRequired),
  contestId: z.string().max(64).optional(),
});
export type RejudgeContestProblemQuery = z.output<typeof rejudgeContestProblemQuery>;

const optionalId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  dbId(K.contestRequired).optional(),
);

/** The landing page calls: the contest's short name (`contest`) or its id (`contestId` or `cid`). */
export const contestHomeQuery = z.object({
  contest: z.string().trim().max(64, K.contestRequired).optional(),
  contestId: optionalId,
  cid: optionalId,
});
export type ContestHomeQuery = z.output<typeof contestHomeQuery>;
export type ContestHomeParams = z.output<typeof contestHomeQuery>;
