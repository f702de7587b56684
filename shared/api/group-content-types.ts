import type { z } from 'zod';
import type * as groupContent from '../schemas/responses/group-content';

/** Answers of a group's trainings and contests: the types are the response schemas' (docs/architecture.md, Contracts on the wire). */

/** A page of the group's visible trainings (HOJ TrainingVO). */
export type GroupTrainingPage = z.infer<typeof groupContent.groupTrainingPage>;
/** A page of every training of the group (HOJ Training). */
export type GroupAdminTrainingPage = z.infer<typeof groupContent.groupAdminTrainingPage>;
/** HOJ TrainingDTO of a group's training. */
export type GroupTrainingDto = z.infer<typeof groupContent.groupTrainingDto>;
/** A group's training's problems, or the public ones it could add. */
export type GroupTrainingProblemList = z.infer<typeof groupContent.groupTrainingProblemList>;
/** HOJ TrainingProblem of a group's training. */
export type GroupTrainingProblemRow = z.infer<typeof groupContent.groupTrainingProblemRow>;
/** A page of the group's visible contests (HOJ ContestVO). */
export type GroupContestPage = z.infer<typeof groupContent.groupContestPage>;
/** A page of every contest of the group, with its visibility. */
export type GroupAdminContestPage = z.infer<typeof groupContent.groupAdminContestPage>;
/** HOJ AdminContestVO of a group's contest. */
export type GroupAdminContest = z.infer<typeof groupContent.groupAdminContest>;
/** A group's contest's problems, or the public ones it could add. */
export type GroupContestProblemList = z.infer<typeof groupContent.groupContestProblemList>;
/** HOJ ContestProblem of a group's contest. */
export type GroupContestProblem = z.infer<typeof groupContent.groupContestProblem>;
/** A page of a group contest's announcements. */
export type GroupContestAnnouncementPage = z.infer<typeof groupContent.groupContestAnnouncementPage>;
/** One announcement of a group's contest. */
export type GroupContestAnnouncement = z.infer<typeof groupContent.groupContestAnnouncement>;
