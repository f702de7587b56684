import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, createContext, useContext, useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/client';
import type { ContestAnnouncement } from '@/shared/api/contest-ops-types';
import type { AdminContestProblemList, AdminContestVO, ContestProblem } from '@/shared/api/contest-types';
import type { SavedProblem } from '@/shared/api/problem-editor-types';
import type { Page, Problem } from '@/shared/api/types';
import type { ContestTypeValue } from '@/shared/constants/contests';
import type {
  ContestAnnouncementCreateForm,
  ContestAnnouncementListQuery,
  ContestAnnouncementUpdateForm,
} from '@/shared/schemas/contest-ops';
import type {
  AddContestProblemForm,
  AdminContestProblemListQuery,
  ContestForm,
  ContestProblemUpdateForm,
  ContestUpdateForm,
} from '@/shared/schemas/contests';
import type { ProblemDtoForm } from '@/shared/schemas/problem-admin';
import { api } from '@/web/lib/api';
import { consoleApi } from '../console-api';
import { type EditorValues, toProblemDto } from '../problems/lib/editor-values';
import { CONTEST_LIST_PATH, type ContestScreenName, contestPath } from './lib/paths';
import { fieldOfRefusal } from './lib/server-refusal';

export const ADMIN_CONTEST_PAGE_SIZE = 10;
/** The contest's own problems: one page holds a whole problem set. */
export const CONTEST_PROBLEMS_PAGE_SIZE = 50;
export const CANDIDATE_PAGE_SIZE = 8;
export const CONTEST_ANNOUNCEMENT_PAGE_SIZE = 10;

/**
 * Whose contests the contest screens edit and through which calls: the console's (the default) or a
 * group's (web/features/admin/groups/editor-scopes.tsx), provided by the screen that mounts them
 * inside the group. The server checks every call again.
 */
export interface ContestEditorScope {
  /** the scope's reads are cached under keys that start with it */
  key: readonly unknown[];
  /** what a change of one contest makes stale besides it (the scope's lists) */
  listKeys: readonly (readonly unknown[])[];
  /** where Back and Cancel lead */
  listPath: string;
  path(cid: number, screen: ContestScreenName): string;
  /** where a problem of the contest is edited, null where this scope may not edit it */
  problemEditPath(problem: Problem): string | null;
  getContest(cid: number): Promise<AdminContestVO>;
  addContest(body: ContestForm): Promise<AdminContestVO>;
  updateContest(body: ContestUpdateForm): Promise<AdminContestVO>;
  /** the contest's problems, or with `problemType` the ones it could take */
  listProblems(query: AdminContestProblemListQuery): Promise<AdminContestProblemList>;
  addFromPublic(body: AddContestProblemForm): Promise<ContestProblem>;
  updateProblem(body: ContestProblemUpdateForm): Promise<ContestProblem>;
  removeProblem(cid: number, pid: number): Promise<null>;
  /** a new problem kept for contests, placed afterwards with updateProblem */
  createContestOnlyProblem(dto: ProblemDtoForm): Promise<SavedProblem>;
  listAnnouncements(query: ContestAnnouncementListQuery): Promise<Page<ContestAnnouncement>>;
  addAnnouncement(body: ContestAnnouncementCreateForm): Promise<ContestAnnouncement>;
  updateAnnouncement(body: ContestAnnouncementUpdateForm): Promise<ContestAnnouncement>;
  deleteAnnouncement(aid: number, cid: number): Promise<null>;
  /** a further way to add problems (a group's own), beside "add from the problem list" */
  AddProblems?: ComponentType<{ cid: number; type: ContestTypeValue; taken: readonly string[] }>;
}

/** The console's calls, as its contest screens have always made them. */
export const CONSOLE_CONTEST_SCOPE: ContestEditorScope = {
  key: ['admin', 'contests'],
  listKeys: [['admin', 'contests', 'list']],
  listPath: CONTEST_LIST_PATH,
  path: contestPath,
  problemEditPath: (problem) => `/admin/problem/${problem.id}/edit`,
  getContest: (cid) => api.adminGetContest(cid),
  addContest: (body) => api.adminAddContest(body),
  updateContest: (body) => api.adminUpdateContest(body),
  listProblems: (query) => api.adminListContestProblems(query),
  addFromPublic: (body) => api.adminAddContestProblemFromPublic(body),
  updateProblem: (body) => api.adminUpdateContestProblem(body),
  removeProblem: (cid, pid) => api.adminRemoveContestProblem(cid, pid),
  createContestOnlyProblem: (dto) => consoleApi.adminCreateContestOnlyProblem(dto),
  listAnnouncements: (query) => api.adminListContestAnnouncements(query),
  addAnnouncement: (body) => api.adminAddContestAnnouncement(body),
  updateAnnouncement: (body) => api.adminUpdateContestAnnouncement(body),
  deleteAnnouncement: (aid, cid) => api.adminDeleteContestAnnouncement(aid, cid),
};

export const ContestEditorScopeContext = createContext<ContestEditorScope>(CONSOLE_CONTEST_SCOPE);

export function useContestEditorScope(): ContestEditorScope {
  return useContext(ContestEditorScopeContext);
}

const keys = {
  list: (currentPage: number, keyword: string) =>
    ['admin', 'contests', 'list', currentPage, keyword] as const,
  contest: (scope: ContestEditorScope, cid: number) => [...scope.key, cid] as const,
  problems: (scope: ContestEditorScope, cid: number) => [...scope.key, cid, 'problems'] as const,
  candidates: (scope: ContestEditorScope, cid: number, type: number, keyword: string, page: number) =>
    [...scope.key, cid, 'candidates', type, keyword, page] as const,
  announcements: (scope: ContestEditorScope, cid: number, page: number) =>
    [...scope.key, cid, 'announcements', page] as const,
};

/**
 * After a change the scope's contest screens are read again, and so are the site's contest
 * pages (their keys start with 'contests'), so an open contest tab shows the change.
 */
function useRefresh() {
  const client = useQueryClient();
  const scope = useContestEditorScope();
  return (cid?: number) => {
    void client.invalidateQueries({ queryKey: cid ? keys.contest(scope, cid) : scope.key });
    if (cid) for (const queryKey of scope.listKeys) void client.invalidateQueries({ queryKey });
    void client.invalidateQueries({ queryKey: cid ? ['contests', cid] : ['contests'] });
  };
}

/** Root's list holds every contest, another admin's only their own (the server decides). */
export function useAdminContestList(currentPage: number, keyword: string) {
  return useQuery({
    queryKey: keys.list(currentPage, keyword),
    queryFn: () =>
      api.adminListContests({ currentPage, limit: ADMIN_CONTEST_PAGE_SIZE, keyword: keyword || undefined }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminContest(cid: number | null) {
  const scope = useContestEditorScope();
  return useQuery({
    queryKey: keys.contest(scope, cid ?? 0),
    enabled: cid !== null,
    queryFn: () => scope.getContest(cid ?? 0),
    // the form opens on what is stored now, never on an older copy
    staleTime: 0,
  });
}

/** Creates (no id) or changes a contest; a refusal is shown by the form beside its field. */
export function useSaveContest() {
  const refresh = useRefresh();
  const scope = useContestEditorScope();
  return useMutation({
    mutationFn: (body: ContestForm | ContestUpdateForm) =>
      'id' in body ? scope.updateContest(body as ContestUpdateForm) : scope.addContest(body),
    onSuccess: (saved) => refresh(saved.id),
  });
}

export function useDeleteContest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (cid: number) => api.adminDeleteContest(cid),
    onSuccess: () => refresh(),
  });
}

export function useChangeContestVisible() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ cid, visible }: { cid: number; visible: boolean }) =>
      api.adminChangeContestVisible(cid, visible),
    onSuccess: (_, { cid }) => refresh(cid),
  });
}

/** The contest's problems (HOJ's page of problems plus the contest's rows by problem id). */
export function useContestProblems(cid: number) {
  const scope = useContestEditorScope();
  return useQuery({
    queryKey: keys.problems(scope, cid),
    queryFn: () => scope.listProblems({ cid, currentPage: 1, limit: CONTEST_PROBLEMS_PAGE_SIZE }),
  });
}

/** Problems of the contest's type it could add (not private, not in it yet), searched by keyword. */
export function useCandidateProblems(cid: number, problemType: number, keyword: string, page: number) {
  const scope = useContestEditorScope();
  return useQuery({
    queryKey: keys.candidates(scope, cid, problemType, keyword, page),
    queryFn: () =>
      scope.listProblems({
        cid,
        problemType,
        keyword: keyword || undefined,
        currentPage: page,
        limit: CANDIDATE_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAddContestProblem(cid: number) {
  const refresh = useRefresh();
  const scope = useContestEditorScope();
  return useMutation({
    mutationFn: (body: AddContestProblemForm) => scope.addFromPublic(body),
    onSuccess: () => refresh(cid),
  });
}

/** Display id, title and balloon colour of a problem in the contest (a refusal: a toast, and the row shows it too). */
export function useUpdateContestProblem(cid: number) {
  const refresh = useRefresh();
  const scope = useContestEditorScope();
  return useMutation({
    mutationFn: (body: ContestProblemUpdateForm) => scope.updateProblem(body),
    onSuccess: () => refresh(cid),
  });
}

export function useRemoveContestProblem(cid: number) {
  const refresh = useRefresh();
  const scope = useContestEditorScope();
  return useMutation({
    mutationFn: (pid: number) => scope.removeProblem(cid, pid),
    onSuccess: () => refresh(cid),
  });
}

/** Every announcement of the contest, hidden ones too. */
export function useContestAnnouncementList(cid: number, page: number) {
  const scope = useContestEditorScope();
  return useQuery({
    queryKey: keys.announcements(scope, cid, page),
    queryFn: () => scope.listAnnouncements({ cid, currentPage: page, limit: CONTEST_ANNOUNCEMENT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

export function useContestAnnouncementEdits(cid: number) {
  const refresh = useRefresh();
  const scope = useContestEditorScope();
  const done = () => refresh(cid);
  return {
    add: useMutation({
      mutationFn: (body: ContestAnnouncementCreateForm) => scope.addAnnouncement(body),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: (body: ContestAnnouncementUpdateForm) => scope.updateAnnouncement(body),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (aid: number) => scope.deleteAnnouncement(aid, cid),
      onSuccess: done,
    }),
  };
}

/**
 * Contest mode's save of the problem editor: the problem is made kept for contests, then placed
 * in the contest under its display id, title and balloon colour. A display id the contest uses
 * already is refused before anything is made; if placing fails after the problem was made, the
 * next save only places it (the problem is not made twice).
 */
export function useContestOnlyProblemSave(cid: number, taken: readonly string[]) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const scope = useContestEditorScope();
  const [created, setCreated] = useState<SavedProblem | null>(null);
  const save = async (values: EditorValues, form: { setError: UseFormSetError<EditorValues> }) => {
    const place = values.contest;
    if (!place) throw new Error('contest mode without a placement');
    const displayId = place.displayId.trim();
    const refuseDisplayId = (key: string) =>
      form.setError('contest.displayId', { type: 'server', message: key }, { shouldFocus: true });
    if (!created && taken.includes(displayId)) {
      refuseDisplayId('contest.displayIdTaken');
      throw new ApiError('status', 400, 400, t('contest.displayIdTaken'));
    }
    const problem = created ?? (await scope.createContestOnlyProblem(toProblemDto(values)));
    setCreated(problem);
    try {
      await scope.updateProblem({
        cid,
        pid: problem.pid,
        displayId,
        displayTitle: place.displayTitle.trim() || null,
        color: place.color || null,
      });
    } catch (e) {
      const hit = e instanceof ApiError ? fieldOfRefusal(e.message, t, PLACEMENT_REFUSALS) : null;
      if (hit) refuseDisplayId(hit.key);
      throw e;
    }
    void client.invalidateQueries({ queryKey: keys.contest(scope, cid) });
    void client.invalidateQueries({ queryKey: ['contests', cid] });
    return t('admin.contest.problemCreated', { problemId: problem.problemId, displayId });
  };
  return { save, created };
}

const PLACEMENT_REFUSALS = {
  'contest.displayIdTaken': 'displayId',
  'contest.displayIdRequired': 'displayId',
  'contest.displayIdTooLong': 'displayId',
} as const;
