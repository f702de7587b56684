import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/client';
import type { SavedProblem } from '@/shared/api/problem-editor-types';
import type {
  ContestAnnouncementCreateForm,
  ContestAnnouncementUpdateForm,
} from '@/shared/schemas/contest-ops';
import type {
  AddContestProblemForm,
  ContestForm,
  ContestProblemUpdateForm,
  ContestUpdateForm,
} from '@/shared/schemas/contests';
import { api } from '@/web/lib/api';
import { consoleApi } from '../console-api';
import { type EditorValues, toProblemDto } from '../problems/lib/editor-values';
import { fieldOfRefusal } from './lib/server-refusal';

export const ADMIN_CONTEST_PAGE_SIZE = 10;
/** The contest's own problems: one page holds a whole problem set. */
export const CONTEST_PROBLEMS_PAGE_SIZE = 50;
export const CANDIDATE_PAGE_SIZE = 8;
export const CONTEST_ANNOUNCEMENT_PAGE_SIZE = 10;

const keys = {
  all: ['admin', 'contests'] as const,
  list: (currentPage: number, keyword: string) =>
    ['admin', 'contests', 'list', currentPage, keyword] as const,
  contest: (cid: number) => ['admin', 'contests', cid] as const,
  problems: (cid: number) => ['admin', 'contests', cid, 'problems'] as const,
  candidates: (cid: number, type: number, keyword: string, page: number) =>
    ['admin', 'contests', cid, 'candidates', type, keyword, page] as const,
  announcements: (cid: number, page: number) => ['admin', 'contests', cid, 'announcements', page] as const,
};

/**
 * After a change the console's contest screens are read again, and so are the site's contest
 * pages (their keys start with 'contests'), so an open contest tab shows the change.
 */
function useRefresh() {
  const client = useQueryClient();
  return (cid?: number) => {
    void client.invalidateQueries({ queryKey: cid ? keys.contest(cid) : keys.all });
    if (cid) void client.invalidateQueries({ queryKey: ['admin', 'contests', 'list'] });
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
  return useQuery({
    queryKey: keys.contest(cid ?? 0),
    enabled: cid !== null,
    queryFn: () => api.adminGetContest(cid ?? 0),
    // the form opens on what is stored now, never on an older copy
    staleTime: 0,
  });
}

/** Creates (no id) or changes a contest; a refusal is shown by the form beside its field. */
export function useSaveContest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ContestForm | ContestUpdateForm) =>
      'id' in body ? api.adminUpdateContest(body as ContestUpdateForm) : api.adminAddContest(body),
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
  return useQuery({
    queryKey: keys.problems(cid),
    queryFn: () => api.adminListContestProblems({ cid, currentPage: 1, limit: CONTEST_PROBLEMS_PAGE_SIZE }),
  });
}

/** Problems of the contest's type it could add (not private, not in it yet), searched by keyword. */
export function useCandidateProblems(cid: number, problemType: number, keyword: string, page: number) {
  return useQuery({
    queryKey: keys.candidates(cid, problemType, keyword, page),
    queryFn: () =>
      api.adminListContestProblems({
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
  return useMutation({
    mutationFn: (body: AddContestProblemForm) => api.adminAddContestProblemFromPublic(body),
    onSuccess: () => refresh(cid),
  });
}

/** Display id, title and balloon colour of a problem in the contest (a refusal: a toast, and the row shows it too). */
export function useUpdateContestProblem(cid: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ContestProblemUpdateForm) => api.adminUpdateContestProblem(body),
    onSuccess: () => refresh(cid),
  });
}

export function useRemoveContestProblem(cid: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (pid: number) => api.adminRemoveContestProblem(cid, pid),
    onSuccess: () => refresh(cid),
  });
}

/** Every announcement of the contest, hidden ones too. */
export function useContestAnnouncementList(cid: number, page: number) {
  return useQuery({
    queryKey: keys.announcements(cid, page),
    queryFn: () =>
      api.adminListContestAnnouncements({ cid, currentPage: page, limit: CONTEST_ANNOUNCEMENT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

export function useContestAnnouncementEdits(cid: number) {
  const refresh = useRefresh();
  const done = () => refresh(cid);
  return {
    add: useMutation({
      mutationFn: (body: ContestAnnouncementCreateForm) => api.adminAddContestAnnouncement(body),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: (body: ContestAnnouncementUpdateForm) => api.adminUpdateContestAnnouncement(body),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (aid: number) => api.adminDeleteContestAnnouncement(aid, cid),
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
    const problem = created ?? (await consoleApi.adminCreateContestOnlyProblem(toProblemDto(values)));
    setCreated(problem);
    try {
      await api.adminUpdateContestProblem({
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
    void client.invalidateQueries({ queryKey: keys.contest(cid) });
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
