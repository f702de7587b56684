import { page } from './common';
import { contestAnnouncement } from './contest-ops';
import {
  adminContestListItem,
  adminContestProblemList,
  adminContestVO,
  contestProblem,
  contestVO,
} from './contests';
import {
  adminTraining,
  adminTrainingDto,
  adminTrainingProblemList,
  trainingProblemRow,
  trainingVO,
} from './trainings';

/**
 * Answers of a group's trainings and contests (/api/group/*: docs/architecture.md, Group trainings and
 * contests). They are the site's shapes (HOJ answers its group calls with the same VOs), named here once.
 */

/** GET /api/group/get-training-list: HOJ's TrainingVO page of the group's visible trainings. */
export const groupTrainingPage = page(trainingVO);
/** GET /api/group/get-admin-training-list: HOJ's Training page (every status; passwords null). */
export const groupAdminTrainingPage = page(adminTraining);
/** GET/POST/PUT /api/group/training: HOJ's TrainingDTO. */
export const groupTrainingDto = adminTrainingDto;
/** GET /api/group/get-training-problem-list. */
export const groupTrainingProblemList = adminTrainingProblemList;
/** PUT /api/group/training-problem, POST add-training-problem-from-*: the training's row of the problem. */
export const groupTrainingProblemRow = trainingProblemRow;

/** GET /api/group/get-contest-list: HOJ's ContestVO page of the group's visible contests. */
export const groupContestPage = page(contestVO);
/** GET /api/group/get-admin-contest-list: every contest of the group, with its visibility. */
export const groupAdminContestPage = page(adminContestListItem);
/** GET/POST/PUT /api/group/contest: HOJ's AdminContestVO. */
export const groupAdminContest = adminContestVO;
/** GET /api/group/get-contest-problem-list. */
export const groupContestProblemList = adminContestProblemList;
/** GET/PUT /api/group/contest-problem, POST add-contest-problem-from-*: HOJ's ContestProblem. */
export const groupContestProblem = contestProblem;
/** GET /api/group/get-contest-announcement-list: every announcement of the contest, hidden ones too. */
export const groupContestAnnouncementPage = page(contestAnnouncement);
/** POST/PUT /api/group/contest-announcement. */
export const groupContestAnnouncement = contestAnnouncement;
