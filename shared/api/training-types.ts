import type { z } from 'zod';
import type * as trainings from '../schemas/responses/trainings';

/** HOJ TrainingCategory. */
export type TrainingCategory = z.infer<typeof trainings.trainingCategory>;
/** HOJ TrainingVO: a training as the list shows it (never its password). */
export type TrainingVO = z.infer<typeof trainings.trainingVO>;
/** GET /api/get-training-detail: the VO with its introduction rendered on the server. */
export type TrainingDetail = z.infer<typeof trainings.trainingDetail>;
/** HOJ AccessVO of a training. */
export type TrainingAccess = z.infer<typeof trainings.trainingAccess>;
/** A problem of a training (HOJ ProblemVO). */
export type TrainingProblemItem = z.infer<typeof trainings.trainingProblemItem>;
/** One cell of a training's rank. */
export type TrainingRankCell = z.infer<typeof trainings.trainingRankCell>;
/** HOJ TrainingRankVO. */
export type TrainingRankItem = z.infer<typeof trainings.trainingRankItem>;
/** HOJ ProblemFullScreenListVO. */
export type FullScreenProblem = z.infer<typeof trainings.fullScreenProblem>;
/** HOJ Training as the console reads it. */
export type AdminTraining = z.infer<typeof trainings.adminTraining>;
/** HOJ TrainingDTO. */
export type AdminTrainingDto = z.infer<typeof trainings.adminTrainingDto>;
/** HOJ TrainingProblem. */
export type TrainingProblemRow = z.infer<typeof trainings.trainingProblemRow>;
/** GET /api/admin/training/get-problem-list. */
export type AdminTrainingProblemList = z.infer<typeof trainings.adminTrainingProblemList>;
