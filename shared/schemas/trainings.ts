import { z } from 'zod';
import {
  CATEGORY_COLOR_PATTERN,
  TRAINING_LIMITS as L,
  TRAINING_AUTHS,
  TrainingAuth,
  type TrainingAuthValue,
} from '../constants/trainings';
import { pageQuery, queryBool } from './api';
import { dbId } from './db-int';

/**
 * Request schemas of the training calls at HOJ's paths (docs/architecture.md, Trainings); the web
 * forms use the same rules, so both say the same words (locales/*.json, `training.validation`).
 */
export const TRAINING_MESSAGES = {
  idRequired: 'training.validation.idRequired',
  titleRequired: 'training.validation.titleRequired',
  titleTooLong: 'training.validation.titleTooLong',
  descriptionRequired: 'training.validation.descriptionRequired',
  descriptionTooLong: 'training.validation.descriptionTooLong',
  authInvalid: 'training.validation.authInvalid',
  passwordRequired: 'training.validation.passwordRequired',
  passwordTooLong: 'training.validation.passwordTooLong',
  rankInvalid: 'training.validation.rankInvalid',
  categoryRequired: 'training.validation.categoryRequired',
  categoryNameRequired: 'training.validation.categoryNameRequired',
  categoryNameTooLong: 'training.validation.categoryNameTooLong',
  colorInvalid: 'training.validation.colorInvalid',
  displayIdTooLong: 'training.validation.displayIdTooLong',
  problemRequired: 'training.validation.problemRequired',
  targetRequired: 'training.validation.targetRequired',
} as const;
const K = TRAINING_MESSAGES;

const id = (message: string) => dbId(message);
/** HOJ clients send null or '' for "none". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = z.preprocess(blankToUndefined, dbId().optional());
const keyword = z.string().max(L.keywordMax).optional();

/** GET /api/get-training-list: `categoryId` and `auth` filter (HOJ), `keyword` searches title and author. */
export const trainingListQuery = pageQuery.extend({
  keyword,
  categoryId: optionalId,
  auth: z.preprocess(blankToUndefined, z.enum(TRAINING_AUTHS, { error: K.authInvalid }).optional()),
});
export interface TrainingListQuery {
  currentPage?: number;
  limit?: number;
  keyword?: string;
  categoryId?: number;
  auth?: TrainingAuthValue;
}
export type TrainingListParams = z.output<typeof trainingListQuery>;

/** GET /api/get-training-detail, -problem-list, -access: the training's id. */
export const trainingIdQuery = z.object({ tid: id(K.idRequired) });

/** GET /api/get-training-rank (HOJ): `keyword` matches the username, real name or school. */
export const trainingRankQuery = pageQuery.extend({ tid: id(K.idRequired), keyword });
export interface TrainingRankQuery {
  tid: number;
  currentPage?: number;
  limit?: number;
  keyword?: string;
}
export type TrainingRankParams = z.output<typeof trainingRankQuery>;

const password = z
  .string({ error: K.passwordRequired })
  .min(1, K.passwordRequired)
  .max(L.passwordMax, K.passwordTooLong)
  .refine((v) => v.trim().length > 0, K.passwordRequired);

/** POST /api/register-training (HOJ RegisterTrainingDTO). */
export const registerTrainingBody = z.object({ tid: id(K.idRequired), password });
export interface RegisterTrainingForm {
  tid: number;
  password: string;
}

/** GET /api/get-full-screen-problem-list: a training's (`tid`) or a contest's (`cid`) problems. */
export const fullScreenListQuery = z
  .object({ tid: optionalId, cid: optionalId })
  .refine((q) => q.tid !== undefined || q.cid !== undefined, { message: K.targetRequired, path: ['tid'] });
export type FullScreenListParams = z.output<typeof fullScreenListQuery>;

/* ---- The console (HOJ's /api/admin/training*) ---- */

/** GET /api/admin/training/get-training-list */
export const adminTrainingListQuery = pageQuery.extend({ keyword });

const text = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .max(max, tooLong)
    .refine((v) => v.trim().length > 0, required);

const rank = z.coerce
  .number({ error: K.rankInvalid })
  .int(K.rankInvalid)
  .min(0, K.rankInvalid)
  .max(L.rankMax, K.rankInvalid);

/**
 * The fields of HOJ's Training entity a client writes (its author, group and times are the
 * server's). A private training needs a password; a public one keeps none.
 */
const trainingFields = z.object({
  title: text(L.titleMax, K.titleRequired, K.titleTooLong),
  /** Markdown with KaTeX maths: the training's introduction */
  description: text(L.descriptionMax, K.descriptionRequired, K.descriptionTooLong),
  auth: z.enum(TRAINING_AUTHS, { error: K.authInvalid }),
  privatePwd: z.preprocess(blankToUndefined, z.string().max(L.passwordMax, K.passwordTooLong).optional()),
  rank: z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), rank),
  /** visible on the site (HOJ: status) */
  status: z.preprocess(blankToUndefined, z.boolean().optional()),
  /** HOJ's client sends its own username on create; the server takes the caller's */
  author: z.string().max(255).nullish(),
});

const needsPassword = <T extends { auth: string; privatePwd?: string | undefined }>(t: T) =>
  t.auth !== TrainingAuth.PRIVATE || (t.privatePwd ?? '').trim().length > 0;

export const trainingForm = trainingFields.refine(needsPassword, {
  message: K.passwordRequired,
  path: ['privatePwd'],
});

/** The category a training is filed under (HOJ sends the whole TrainingCategory; the id decides). */
const categoryRef = z.object({ id: id(K.categoryRequired) }, { error: K.categoryRequired });

/** POST /api/admin/training (HOJ TrainingDTO). */
export const trainingCreateBody = z.object({
  training: trainingForm,
  trainingCategory: categoryRef,
});
/** PUT /api/admin/training: the same with the training's id. */
export const trainingUpdateBody = z.object({
  training: trainingFields.extend({ id: id(K.idRequired) }).refine(needsPassword, {
    message: K.passwordRequired,
    path: ['privatePwd'],
  }),
  trainingCategory: categoryRef,
});
export interface TrainingFormValues {
  title: string;
  description: string;
  auth: TrainingAuthValue;
  privatePwd?: string;
  rank: number;
  status?: boolean;
}
export interface TrainingDtoForm {
  training: TrainingFormValues & { id?: number };
  trainingCategory: { id: number };
}
export type TrainingCreateParams = z.output<typeof trainingCreateBody>;
export type TrainingUpdateParams = z.output<typeof trainingUpdateBody>;

/** PUT /api/admin/training/change-training-status (HOJ sends these in the query). */
export const changeTrainingStatusQuery = z.object({
  tid: id(K.idRequired),
  status: queryBool,
  /** HOJ's client names the author; the server checks the caller against the stored one */
  author: z.string().max(255).optional(),
});

/**
 * GET /api/admin/training/get-problem-list: the training's problems (`queryExisted`), or the
 * public problems it could add (HOJ's default), searched by title, id or author.
 */
export const adminTrainingProblemListQuery = pageQuery.extend({
  tid: id(K.idRequired),
  keyword,
  queryExisted: queryBool.optional(),
});
export interface AdminTrainingProblemListQuery {
  tid: number;
  currentPage?: number;
  limit?: number;
  keyword?: string;
  queryExisted?: boolean;
}
export type AdminTrainingProblemListParams = z.output<typeof adminTrainingProblemListQuery>;

/** POST /api/admin/training/add-problem-from-public (HOJ TrainingProblemDTO); the display id defaults to the problem's. */
export const addTrainingProblemBody = z.object({
  tid: id(K.idRequired),
  pid: id(K.problemRequired),
  displayId: z.preprocess(
    blankToUndefined,
    z.string().trim().max(L.displayIdMax, K.displayIdTooLong).optional(),
  ),
});
export interface AddTrainingProblemForm {
  tid: number;
  pid: number;
  displayId?: string;
}

/** PUT /api/admin/training/problem (HOJ TrainingProblem): a problem's place in the training (`rank`, ascending). */
export const trainingProblemUpdateBody = z.object({
  id: id(K.idRequired),
  rank,
  tid: optionalId,
  pid: optionalId,
  displayId: z.string().max(L.displayIdMax, K.displayIdTooLong).nullish(),
});
export interface TrainingProblemUpdateForm {
  id: number;
  rank: number;
  tid?: number;
}

/** DELETE /api/admin/training/problem: takes the problem out of the training (the problem stays). */
export const trainingProblemDeleteQuery = z.object({ pid: id(K.problemRequired), tid: id(K.idRequired) });

const categoryName = z
  .string({ error: K.categoryNameRequired })
  .trim()
  .min(1, K.categoryNameRequired)
  .max(L.categoryNameMax, K.categoryNameTooLong);
const color = z
  .string({ error: K.colorInvalid })
  .trim()
  .max(L.colorMax, K.colorInvalid)
  .regex(CATEGORY_COLOR_PATTERN, K.colorInvalid);

/** POST /api/admin/training/category and PUT (with id): HOJ TrainingCategory. */
export const trainingCategoryBody = z.object({ id: optionalId, name: categoryName, color });
export interface TrainingCategoryForm {
  id?: number;
  name: string;
  color: string;
}
export type TrainingCategoryParams = z.output<typeof trainingCategoryBody>;

/** DELETE /api/admin/training/category (HOJ names the category `cid`). */
export const trainingCategoryDeleteQuery = z.object({ cid: id(K.idRequired) });
