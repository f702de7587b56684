import type { StagedUpload } from '@/shared/api/problem-editor-types';
import { ProblemAuth } from '@/shared/constants/problems';
import { api, apiClient } from '@/web/lib/api';
import { i18n } from '@/web/lib/i18n';
import { consoleApi } from '../console-api';
import type { ContestEditorScope } from '../contests/api';
import type { ContestScreenName } from '../contests/lib/paths';
import type { ProblemEditorScope } from '../problems/api';
import type { TrainingEditorScope } from '../trainings/api';
import { AddGroupContestProblems, AddGroupTrainingProblems } from './group-problem-picker';

/**
 * The console's problem, training and contest editors inside a group: the same screens, their calls
 * sent to HOJ's group paths (/api/group/*). The server decides who may (the group's roots, the site's
 * root, the author while a group admin); these only say where a screen's calls go and where it leads.
 */

/** Where a group's editing screens live (under the group's page, as its tabs do). */
const groupEditorPaths = {
  problems: (gid: number) => `/group/${gid}/problem`,
  problem: (gid: number, pid: number) => `/group/${gid}/problem/${pid}/edit`,
  trainings: (gid: number) => `/group/${gid}/training`,
  training: (gid: number, tid: number, screen: 'edit' | 'problems') =>
    `/group/${gid}/training/${tid}/${screen}`,
  contests: (gid: number) => `/group/${gid}/contest`,
  contest: (gid: number, cid: number, screen: ContestScreenName) => `/group/${gid}/contest/${cid}/${screen}`,
};

/** Everything of one group is cached under ['groups', gid]: a change there reloads its tabs' lists too. */
const groupKey = (gid: number) => ['groups', gid] as const;

export function groupProblemScope(gid: number, shortName: string): ProblemEditorScope {
  return {
    key: [...groupKey(gid), 'problem-editor'],
    refreshKeys: [groupKey(gid)],
    listPath: groupEditorPaths.problems(gid),
    idPrefix: shortName,
    visibilityHint: 'groupEditor.problemVisibility',
    // a group's public problem is public to its members; the site's list needs root's consent
    canPublish: () => true,
    getProblem: (pid) => api.getGroupProblem(pid),
    getCases: (pid) => api.getGroupProblemCases(pid),
    getTags: (pid) => consoleApi.adminGetProblemTags(pid),
    allTags: () => api.getGroupProblemTagList(gid),
    save: async (dto, edit) => {
      if (edit) await api.updateGroupProblem(dto);
      else await api.addGroupProblem({ ...dto, problem: { ...dto.problem, gid } });
      // the group's calls answer the data alone: the server's words for the same outcome
      return { msg: i18n.t('problemAdmin.saved') };
    },
    uploadTestdata: (form) =>
      apiClient.request<StagedUpload>('POST', api.groupTestcaseUploadPath(gid), { body: form }),
    compileChecker: async (kind, body) => {
      if (kind === 'spj') await api.groupCompileSpj(body, gid);
      else await api.groupCompileInteractive(body, gid);
      return { msg: i18n.t('problemAdmin.compiled') };
    },
  };
}

export function groupTrainingScope(gid: number): TrainingEditorScope {
  return {
    key: [...groupKey(gid), 'training-editor'],
    listKeys: [groupKey(gid)],
    listPath: groupEditorPaths.trainings(gid),
    path: (tid, screen) => groupEditorPaths.training(gid, tid, screen),
    // the site's categories are root's and the problem admins'
    categoryPath: null,
    getTraining: (tid) => api.getGroupTraining(tid),
    addTraining: (body) => api.addGroupTraining({ ...body, training: { ...body.training, gid } }),
    updateTraining: (body) => api.updateGroupTraining(body),
    listProblems: (query) => api.getGroupTrainingProblemList(query),
    addFromPublic: (body) => api.addGroupTrainingProblemFromPublic(body),
    updateProblem: (body) => api.updateGroupTrainingProblem(body),
    removeProblem: (tid, pid) => api.deleteGroupTrainingProblem(pid, tid),
    // the group's own public problems show to its members; hidden ones and other groups' do not
    isHidden: (problem) =>
      problem.auth !== ProblemAuth.PUBLIC || (problem.gid !== null && problem.gid !== gid),
    AddProblems: ({ tid }) => <AddGroupTrainingProblems gid={gid} tid={tid} />,
  };
}

export function groupContestScope(gid: number): ContestEditorScope {
  return {
    key: [...groupKey(gid), 'contest-editor'],
    listKeys: [groupKey(gid)],
    listPath: groupEditorPaths.contests(gid),
    path: (cid, screen) => groupEditorPaths.contest(gid, cid, screen),
    // the group's own problems are edited in the group; the site's are not the group's to change
    problemEditPath: (problem) => (problem.gid === gid ? groupEditorPaths.problem(gid, problem.id) : null),
    getContest: (cid) => api.getGroupContest(cid),
    addContest: (body) => api.addGroupContest({ ...body, gid }),
    updateContest: (body) => api.updateGroupContest(body),
    listProblems: (query) => api.getGroupContestProblemList(query),
    addFromPublic: (body) => api.addGroupContestProblemFromPublic(body),
    updateProblem: (body) => api.updateGroupContestProblem(body),
    removeProblem: (cid, pid) => api.deleteGroupContestProblem(pid, cid),
    createContestOnlyProblem: (dto) =>
      api.addGroupContestProblem({ ...dto, problem: { ...dto.problem, gid } }),
    listAnnouncements: (query) => api.getGroupContestAnnouncementList(query),
    addAnnouncement: (body) => api.addGroupContestAnnouncement(body),
    updateAnnouncement: (body) => api.updateGroupContestAnnouncement(body),
    deleteAnnouncement: (aid, cid) => api.deleteGroupContestAnnouncement(aid, cid),
    AddProblems: ({ cid, taken }) => <AddGroupContestProblems gid={gid} cid={cid} taken={taken} />,
  };
}
