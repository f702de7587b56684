import { z } from 'zod';
import { DISCUSSION_LIMITS as L } from '../constants/discussions';
import { pageQuery, queryBool } from './api';
import { dbId } from './db-int';

/**
 * Request schemas of the discussion calls at HOJ's paths (docs/architecture.md, Discussions); the
 * web forms use the same rules, so both say the same words (locales/*.json, `discussion.validation`).
 */
export const DISCUSSION_MESSAGES = {
  idRequired: 'discussion.validation.idRequired',
  titleRequired: 'discussion.validation.titleRequired',
  titleTooLong: 'discussion.validation.titleTooLong',
  descriptionRequired: 'discussion.validation.descriptionRequired',
  descriptionTooLong: 'discussion.validation.descriptionTooLong',
  contentRequired: 'discussion.validation.contentRequired',
  contentTooLong: 'discussion.validation.contentTooLong',
  categoryRequired: 'discussion.validation.categoryRequired',
  pidInvalid: 'discussion.validation.pidInvalid',
  reportRequired: 'discussion.validation.reportRequired',
  reportTooLong: 'discussion.validation.reportTooLong',
  categoryNameRequired: 'discussion.validation.categoryNameRequired',
  categoryNameTooLong: 'discussion.validation.categoryNameTooLong',
  tooManyCategories: 'discussion.validation.tooManyCategories',
  statusInvalid: 'discussion.validation.statusInvalid',
  selectionRequired: 'discussion.validation.selectionRequired',
} as const;
const K = DISCUSSION_MESSAGES;

const id = (message: string) => dbId(message);
/** HOJ clients send null or '' for "none". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = z.preprocess(blankToUndefined, dbId().optional());

/** Text that must hold something besides spaces, at most `max` characters (HOJ validateContent). */
const text = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .max(max, tooLong)
    .refine((v) => v.trim().length > 0, required);

/** The fields of a discussion a client writes (HOJ's Discussion entity; the rest is the server's). */
export const discussionFields = {
  title: text(L.titleMax, K.titleRequired, K.titleTooLong),
  description: text(L.descriptionMax, K.descriptionRequired, K.descriptionTooLong),
  /** Markdown with KaTeX maths */
  content: text(L.contentMax, K.contentRequired, K.contentTooLong),
  categoryId: id(K.categoryRequired),
  /** pin it (admin roles only; ignored for others, as HOJ) */
  topPriority: z.preprocess(blankToUndefined, z.union([z.boolean(), z.literal(0), z.literal(1)]).optional()),
};

/** GET /api/get-discussion-list: `cid` is the category; `admin` (admin roles) lists every status. */
export const discussionListQuery = pageQuery.extend({
  cid: optionalId,
  pid: z.preprocess(blankToUndefined, z.string().trim().max(255).optional()),
  onlyMine: queryBool.optional(),
  keyword: z.string().max(255).optional(),
  admin: queryBool.optional(),
});
export interface DiscussionListQuery {
  currentPage?: number;
  limit?: number;
  cid?: number;
  pid?: string;
  onlyMine?: boolean;
  keyword?: string;
  admin?: boolean;
}
export type DiscussionListParams = z.output<typeof discussionListQuery>;

/** GET /api/get-discussion-detail, DELETE /api/discussion */
export const discussionIdQuery = z.object({ did: id(K.idRequired) });

/** POST /api/discussion (HOJ Discussion): pid names a problem by its display id for a solution. */
export const discussionCreateBody = z.object({
  ...discussionFields,
  pid: z.preprocess(
    blankToUndefined,
    z.string().trim().min(1, K.pidInvalid).max(255, K.pidInvalid).optional(),
  ),
  /** group discussions come with groups: a gid is refused */
  gid: optionalId,
});
export interface DiscussionCreateForm {
  title: string;
  description: string;
  content: string;
  categoryId: number;
  pid?: string | null;
  topPriority?: boolean;
}
export type DiscussionCreateParams = z.output<typeof discussionCreateBody>;

/** PUT /api/discussion: id plus the fields (HOJ changes title, description, content, category, pin). */
export const discussionUpdateBody = z.object({ id: id(K.idRequired), ...discussionFields });
export interface DiscussionUpdateForm extends Omit<DiscussionCreateForm, 'pid'> {
  id: number;
}
export type DiscussionUpdateParams = z.output<typeof discussionUpdateBody>;

/** GET /api/discussion-like */
export const discussionLikeQuery = z.object({ did: id(K.idRequired), toLike: queryBool });
export interface DiscussionLikeQuery {
  did: number;
  toLike: boolean;
}

/** POST /api/discussion-report (HOJ DiscussionReport): the reporter is the caller, whatever is sent. */
export const discussionReportBody = z.object({
  did: id(K.idRequired),
  content: text(L.reportMax, K.reportRequired, K.reportTooLong),
  reporter: z.string().max(255).nullish(),
});
export interface DiscussionReportForm {
  did: number;
  content: string;
  reporter?: string | null;
}

const categoryName = z
  .string({ error: K.categoryNameRequired })
  .trim()
  .min(1, K.categoryNameRequired)
  .max(L.categoryNameMax, K.categoryNameTooLong);

/** POST /api/discussion-category (HOJ, root): the whole list; new ones have no id, blank names are skipped. */
export const categoryUpsertBody = z
  .array(
    z.object({
      id: optionalId,
      name: z.string({ error: K.categoryNameRequired }).max(L.categoryNameMax, K.categoryNameTooLong),
    }),
  )
  .max(L.categories, K.tooManyCategories);
export type CategoryUpsertForm = { id?: number | null; name: string }[];

/** POST /api/admin/discussion-category and PUT (with id): one category. */
export const categoryBody = z.object({ id: optionalId, name: categoryName });
export interface CategoryForm {
  id?: number;
  name: string;
}
export const categoryIdQuery = z.object({ id: id(K.idRequired) });

/** PUT /api/admin/discussion (HOJ updateById): block or show (status), pin (topPriority). */
export const adminDiscussionUpdateBody = z.object({
  id: id(K.idRequired),
  status: z
    .number({ error: K.statusInvalid })
    .int(K.statusInvalid)
    .min(0, K.statusInvalid)
    .max(2, K.statusInvalid)
    .optional(),
  topPriority: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
});
export interface AdminDiscussionUpdateForm {
  id: number;
  status?: number;
  topPriority?: boolean;
}
export type AdminDiscussionUpdateParams = z.output<typeof adminDiscussionUpdateBody>;

/** DELETE /api/admin/discussion: HOJ sends the ids as a bare JSON array. */
export const adminDiscussionDeleteBody = z
  .array(id(K.idRequired), { error: K.selectionRequired })
  .min(1, K.selectionRequired)
  .max(L.adminBatch, K.selectionRequired);

/** GET /api/admin/discussion-report */
export const reportListQuery = pageQuery;

/** PUT /api/admin/discussion-report: mark a report handled (true) or not. */
export const reportUpdateBody = z.object({
  id: id(K.idRequired),
  status: z.union([z.boolean(), z.literal(0), z.literal(1)], { error: K.statusInvalid }),
});
export interface ReportUpdateForm {
  id: number;
  status: boolean;
}
