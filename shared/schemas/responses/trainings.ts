import { z } from 'zod';
import { TRAINING_AUTHS } from '../../constants/trainings';
import { isoTime, page } from './common';
import { problem, problemListItem } from './problems';

/** Answers of the training calls (docs/architecture.md, Contracts on the wire; Trainings). */

export const trainingAuth = z.enum(TRAINING_AUTHS);

/** HOJ TrainingCategory: a training's category with its colour. */
export const trainingCategory = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string().nullable(),
  /** group categories come with groups: always null here */
  gid: z.number().nullable(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
});

/**
 * HOJ TrainingVO (the list and the detail): never the password. `problemCount` counts the problems
 * open to everyone (HOJ); `acCount` how many of them the caller has solved (0 for visitors).
 */
export const trainingVO = z.object({
  id: z.number(),
  title: z.string(),
  /** Markdown: the introduction */
  description: z.string(),
  /** the creator's username */
  author: z.string(),
  auth: trainingAuth,
  /** HOJ's order number: the list is sorted by it, ascending */
  rank: z.number(),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  categoryColor: z.string().nullable(),
  problemCount: z.number(),
  acCount: z.number(),
  gid: z.number().nullable(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
});

/** GET /api/get-training-detail: the VO with the introduction rendered and sanitised on the server (not in HOJ). */
export const trainingDetail = trainingVO.extend({ descriptionHtml: z.string() });

/** GET /api/get-training-access (HOJ AccessVO): whether the caller may enter the training. */
export const trainingAccess = z.object({ access: z.boolean() });

/** GET /api/get-training-problem-list (HOJ ProblemVO, the problem list's shape), in the training's order. */
export const trainingProblemItem = problemListItem;

/** One problem cell of the rank (HOJ's submissionInfo entry). */
export const trainingRankCell = z.object({
  /** the first accepted verdict, else the latest finished one */
  status: z.number(),
  score: z.number().nullable(),
  isAC: z.boolean(),
  /** the fastest accepted run (ms); null until accepted */
  runTime: z.number().nullable(),
});

/** HOJ TrainingRankVO: a registered user's solved count, total run time of accepted runs and cells by display id. */
export const trainingRankItem = z.object({
  /** the place (equal solved count and run time share it); not in HOJ, whose client numbers the rows */
  rank: z.number(),
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  /** for the training's admins only (HOJ's client shows it only to them) */
  realname: z.string().nullable(),
  avatar: z.string().nullable(),
  school: z.string().nullable(),
  gender: z.string().nullable(),
  ac: z.number(),
  totalRunTime: z.number(),
  submissionInfo: z.record(z.string(), trainingRankCell),
});

/** HOJ ProblemFullScreenListVO: the focus mode's footer list; status and score null before a verdict. */
export const fullScreenProblem = z.object({
  pid: z.number(),
  /** the problem's display id, or the contest's ("A") */
  problemId: z.string(),
  title: z.string(),
  status: z.number().nullable(),
  score: z.number().nullable(),
});

/* ---- The console ---- */

/** HOJ Training as its console reads it: the password only in one training's answer, null in lists. */
export const adminTraining = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  author: z.string(),
  auth: trainingAuth,
  privatePwd: z.string().nullable(),
  rank: z.number(),
  /** visible on the site */
  status: z.boolean(),
  isGroup: z.boolean(),
  gid: z.number().nullable(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
});

/** HOJ TrainingDTO: the training and its category. */
export const adminTrainingDto = z.object({
  training: adminTraining,
  trainingCategory: trainingCategory.nullable(),
});

/** HOJ TrainingProblem: a problem's row in a training. */
export const trainingProblemRow = z.object({
  id: z.number(),
  tid: z.number(),
  pid: z.number(),
  /** its place in the training, ascending */
  rank: z.number(),
  displayId: z.string(),
  gmtCreate: isoTime,
  gmtModified: isoTime,
});

/** GET /api/admin/training/get-problem-list (HOJ): a page of problems and the training's rows by problem id. */
export const adminTrainingProblemList = z.object({
  problemList: page(problem),
  trainingProblemMap: z.record(z.string(), trainingProblemRow),
});
