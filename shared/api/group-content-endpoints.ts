import type {
  ContestAnnouncementCreateForm,
  ContestAnnouncementListQuery,
  ContestAnnouncementUpdateForm,
} from '../schemas/contest-ops';
import type {
  AddContestProblemForm,
  AdminContestProblemListQuery,
  ContestProblemUpdateForm,
  ContestUpdateForm,
} from '../schemas/contests';
import type {
  GroupContentListQuery,
  GroupContestCreateForm,
  GroupContestProblemFromGroupForm,
  GroupTrainingDtoForm,
  GroupTrainingProblemFromGroupForm,
} from '../schemas/group-content';
import type { GroupProblemDtoForm } from '../schemas/group-problems';
import type {
  AddTrainingProblemForm,
  AdminTrainingProblemListQuery,
  TrainingDtoForm,
  TrainingProblemUpdateForm,
} from '../schemas/trainings';
import type { ApiClient } from './client';
import type {
  GroupAdminContest,
  GroupAdminContestPage,
  GroupAdminTrainingPage,
  GroupContestAnnouncement,
  GroupContestAnnouncementPage,
  GroupContestPage,
  GroupContestProblem,
  GroupContestProblemList,
  GroupTrainingDto,
  GroupTrainingPage,
  GroupTrainingProblemList,
  GroupTrainingProblemRow,
} from './group-content-types';
import type { SavedProblem } from './problem-editor-types';

/**
 * A group's trainings and contests at HOJ's paths (/api/group/*), named as HOJ's client names them. Inside
 * a training or contest the site's own calls serve a group's too (for its members).
 */
export function createGroupContentEndpoints(client: ApiClient) {
  return {
    /* ---- trainings ---- */
    getGroupTrainingList: (query: GroupContentListQuery) =>
      client.request<GroupTrainingPage>('GET', '/api/group/get-training-list', { query: { ...query } }),
    getGroupAdminTrainingList: (query: GroupContentListQuery) =>
      client.request<GroupAdminTrainingPage>('GET', '/api/group/get-admin-training-list', {
        query: { ...query },
      }),
    getGroupTraining: (tid: number) =>
      client.request<GroupTrainingDto>('GET', '/api/group/training', { query: { tid } }),
    addGroupTraining: (body: GroupTrainingDtoForm) =>
      client.request<GroupTrainingDto>('POST', '/api/group/training', { body }),
    updateGroupTraining: (body: TrainingDtoForm & { training: { id: number } }) =>
      client.request<GroupTrainingDto>('PUT', '/api/group/training', { body }),
    deleteGroupTraining: (tid: number) =>
      client.request<null>('DELETE', '/api/group/training', { query: { tid } }),
    changeGroupTrainingStatus: (tid: number, status: boolean) =>
      client.request<null>('PUT', '/api/group/change-training-status', { query: { tid, status } }),
    /** the training's own problems unless `queryExisted` is false (then the public ones it could add) */
    getGroupTrainingProblemList: (query: AdminTrainingProblemListQuery) =>
      client.request<GroupTrainingProblemList>('GET', '/api/group/get-training-problem-list', {
        query: { ...query },
      }),
    updateGroupTrainingProblem: (body: TrainingProblemUpdateForm) =>
      client.request<GroupTrainingProblemRow>('PUT', '/api/group/training-problem', { body }),
    deleteGroupTrainingProblem: (pid: number, tid: number) =>
      client.request<null>('DELETE', '/api/group/training-problem', { query: { pid, tid } }),
    addGroupTrainingProblemFromPublic: (body: AddTrainingProblemForm) =>
      client.request<GroupTrainingProblemRow>('POST', '/api/group/add-training-problem-from-public', {
        body,
      }),
    /** a problem of the training's own group, by its display id */
    addGroupTrainingProblemFromGroup: (query: GroupTrainingProblemFromGroupForm) =>
      client.request<GroupTrainingProblemRow>('POST', '/api/group/add-training-problem-from-group', {
        query: { ...query },
      }),

    /* ---- contests ---- */
    getGroupContestList: (query: GroupContentListQuery) =>
      client.request<GroupContestPage>('GET', '/api/group/get-contest-list', { query: { ...query } }),
    getGroupAdminContestList: (query: GroupContentListQuery) =>
      client.request<GroupAdminContestPage>('GET', '/api/group/get-admin-contest-list', {
        query: { ...query },
      }),
    getGroupContest: (cid: number) =>
      client.request<GroupAdminContest>('GET', '/api/group/contest', { query: { cid } }),
    addGroupContest: (body: GroupContestCreateForm) =>
      client.request<GroupAdminContest>('POST', '/api/group/contest', { body }),
    updateGroupContest: (body: ContestUpdateForm) =>
      client.request<GroupAdminContest>('PUT', '/api/group/contest', { body }),
    deleteGroupContest: (cid: number) =>
      client.request<null>('DELETE', '/api/group/contest', { query: { cid } }),
    changeGroupContestVisible: (cid: number, visible: boolean) =>
      client.request<null>('PUT', '/api/group/change-contest-visible', { query: { cid, visible } }),
    /** the contest's problems, or with `problemType` the public ones it could add */
    getGroupContestProblemList: (query: AdminContestProblemListQuery) =>
      client.request<GroupContestProblemList>('GET', '/api/group/get-contest-problem-list', {
        query: { ...query },
      }),
    /** a new problem of the group kept for contests (HOJ); then place it with updateGroupContestProblem */
    addGroupContestProblem: (body: GroupProblemDtoForm) =>
      client.request<SavedProblem>('POST', '/api/group/contest-problem', { body }),
    getGroupContestProblem: (pid: number, cid: number) =>
      client.request<GroupContestProblem>('GET', '/api/group/contest-problem', { query: { pid, cid } }),
    updateGroupContestProblem: (body: ContestProblemUpdateForm) =>
      client.request<GroupContestProblem>('PUT', '/api/group/contest-problem', { body }),
    deleteGroupContestProblem: (pid: number, cid: number) =>
      client.request<null>('DELETE', '/api/group/contest-problem', { query: { pid, cid } }),
    addGroupContestProblemFromPublic: (body: AddContestProblemForm) =>
      client.request<GroupContestProblem>('POST', '/api/group/add-contest-problem-from-public', { body }),
    /** a problem of the contest's own group, by its display id, under `displayId` */
    addGroupContestProblemFromGroup: (query: GroupContestProblemFromGroupForm) =>
      client.request<GroupContestProblem>('POST', '/api/group/add-contest-problem-from-group', {
        query: { ...query },
      }),
    getGroupContestAnnouncementList: (query: ContestAnnouncementListQuery) =>
      client.request<GroupContestAnnouncementPage>('GET', '/api/group/get-contest-announcement-list', {
        query: { ...query },
      }),
    addGroupContestAnnouncement: (body: ContestAnnouncementCreateForm) =>
      client.request<GroupContestAnnouncement>('POST', '/api/group/contest-announcement', { body }),
    updateGroupContestAnnouncement: (body: ContestAnnouncementUpdateForm) =>
      client.request<GroupContestAnnouncement>('PUT', '/api/group/contest-announcement', { body }),
    deleteGroupContestAnnouncement: (aid: number, cid: number) =>
      client.request<null>('DELETE', '/api/group/contest-announcement', { query: { aid, cid } }),
  };
}
