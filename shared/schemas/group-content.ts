import { z } from 'zod';
import { CONTEST_LIMITS } from '../constants/contests';
import { pageQuery, queryBool } from './api';
import { addContestProblemBody, contestCreateBody } from './contests';
import { dbId } from './db-int';
import {
  adminTrainingProblemListQuery,
  type TrainingDtoForm,
  trainingCreateBody,
  trainingForm,
} from './trainings';

/**
 * Request schemas of a group's trainings and contests at HOJ's paths (/api/group/*: docs/architecture.md,
 * Group trainings and contests). The bodies are the console's (trainings.ts, contests.ts, contest-ops.ts)
 * with the group's id where HOJ sends it; messages are locale keys (`groupContent.validation`).
 */
export const GROUP_CONTENT_MESSAGES = {
  gidRequired: 'groupContent.validation.gidRequired',
  tidRequired: 'groupContent.validation.tidRequired',
  cidRequired: 'groupContent.validation.cidRequired',
  problemIdRequired: 'groupContent.validation.problemIdRequired',
  displayIdRequired: 'groupContent.validation.displayIdRequired',
} as const;
const K = GROUP_CONTENT_MESSAGES;

const id = (message: string) => dbId(message);
const gid = id(K.gidRequired);

/** GET /api/group/get-training-list, get-admin-training-list, get-contest-list, get-admin-contest-list. */
export const groupContentListQuery = pageQuery.extend({ gid });
export interface GroupContentListQuery {
  gid: number;
  currentPage?: number;
  limit?: number;
}
export type GroupContentListParams = z.output<typeof groupContentListQuery>;

/* ---- trainings ---- */

/** POST /api/group/training (HOJ TrainingDTO): the console's body with the group's id in the training. */
export const groupTrainingCreateBody = trainingCreateBody.extend({
  training: trainingForm.safeExtend({ gid }),
});
export interface GroupTrainingDtoForm {
  training: TrainingDtoForm['training'] & { gid: number };
  trainingCategory: { id: number };
}
export type GroupTrainingCreateParams = z.output<typeof groupTrainingCreateBody>;

/**
 * GET /api/group/get-training-problem-list: HOJ's group call lists the training's own problems
 * unless `queryExisted` is false (then the public problems it could add).
 */
export const groupTrainingProblemListQuery = adminTrainingProblemListQuery.extend({
  queryExisted: queryBool.optional().transform((v) => v ?? true),
});

/** POST /api/group/add-training-problem-from-group?problemId=&tid= (HOJ sends both in the query). */
export const groupTrainingProblemFromGroupQuery = z.object({
  problemId: z
    .string({ error: K.problemIdRequired })
    .trim()
    .min(1, K.problemIdRequired)
    .max(255, K.problemIdRequired),
  tid: id(K.tidRequired),
});
export interface GroupTrainingProblemFromGroupForm {
  problemId: string;
  tid: number;
}

/* ---- contests ---- */

/** POST /api/group/contest (HOJ AdminContestVO): the console's body with the group's id. */
export const groupContestCreateBody = contestCreateBody.safeExtend({ gid });
export type GroupContestCreateForm = z.input<typeof groupContestCreateBody>;
export type GroupContestCreateParams = z.output<typeof groupContestCreateBody>;

/** POST /api/group/add-contest-problem-from-group?problemId=&cid=&displayId= (HOJ: all in the query). */
export const groupContestProblemFromGroupQuery = z.object({
  problemId: groupTrainingProblemFromGroupQuery.shape.problemId,
  cid: id(K.cidRequired),
  displayId: z
    .string({ error: K.displayIdRequired })
    .trim()
    .min(1, K.displayIdRequired)
    .max(CONTEST_LIMITS.displayIdMaxLength, K.displayIdRequired),
});
export interface GroupContestProblemFromGroupForm {
  problemId: string;
  cid: number;
  displayId: string;
}

/** POST /api/group/add-contest-problem-from-public (HOJ ContestProblemDTO): the console's body. */
export const groupContestProblemFromPublicBody = addContestProblemBody;
