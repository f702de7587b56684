import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeProblemAuthForm, ProblemDtoForm } from '@/shared/schemas/problem-admin';
import { api } from '@/web/lib/api';
import { consoleApi } from '../console-api';
import type { EditorValues, StoredProblem } from './lib/editor-values';

export const ADMIN_PROBLEM_PAGE_SIZE = 10;

export interface AdminProblemListQuery {
  currentPage: number;
  keyword?: string | undefined;
  /** 0 or missing: any visibility */
  auth?: number | undefined;
}

const keys = {
  all: ['admin', 'problems'] as const,
  list: (query: AdminProblemListQuery) => ['admin', 'problems', 'list', query] as const,
  stored: (pid: number) => ['admin', 'problems', 'stored', pid] as const,
  languages: ['admin', 'problems', 'languages'] as const,
  tags: ['admin', 'problems', 'all-tags'] as const,
};

/** After a change the console's lists and the site's problem pages are read again. */
function useRefreshProblems() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: keys.all });
    void queryClient.invalidateQueries({ queryKey: ['problems'] });
  };
}

export function useAdminProblemList(query: AdminProblemListQuery) {
  return useQuery({
    queryKey: keys.list(query),
    queryFn: () =>
      consoleApi.adminGetProblemList({
        currentPage: query.currentPage,
        limit: ADMIN_PROBLEM_PAGE_SIZE,
        keyword: query.keyword || undefined,
        auth: query.auth || undefined,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every language of the judge (the editor's checkboxes, templates and checker languages). */
export function useJudgeLanguages() {
  return useQuery({
    queryKey: keys.languages,
    queryFn: () => api.getLanguages({ all: true }),
    staleTime: 5 * 60_000,
  });
}

/** Every tag of the site, for the tag input's suggestions. */
export function useAllTags() {
  return useQuery({ queryKey: keys.tags, queryFn: () => consoleApi.adminGetAllProblemTags() });
}

/** A problem as the editor opens it: its fields, cases, tags, templates and allowed languages, read fresh each time. */
export function useStoredProblem(pid: number | null) {
  return useQuery({
    queryKey: keys.stored(pid ?? 0),
    enabled: pid !== null,
    staleTime: 0,
    gcTime: 0,
    queryFn: async (): Promise<StoredProblem> => {
      const id = pid ?? 0;
      const [problem, cases, tags, templates, allowed] = await Promise.all([
        consoleApi.adminGetProblem(id),
        consoleApi.adminGetProblemCases(id),
        consoleApi.adminGetProblemTags(id),
        consoleApi.adminGetProblemCodeTemplates(id),
        api.getLanguages({ pid: id }),
      ]);
      return { problem, cases, tags, templates, allowed };
    },
  });
}

export function useSaveProblem() {
  const refresh = useRefreshProblems();
  return useMutation({
    mutationFn: ({ dto, edit }: { dto: ProblemDtoForm; edit: boolean }) =>
      consoleApi.adminSaveProblem(dto, edit ? 'PUT' : 'POST'),
    onSuccess: refresh,
  });
}

/**
 * The editor's contest mode saves its own way (the contest screen creates the problem kept for
 * contests, then places it); the problem lists are read again after it as after any save.
 */
export function useContestModeSave(save: (values: EditorValues) => Promise<string>) {
  const refresh = useRefreshProblems();
  return useMutation({ mutationFn: save, onSuccess: refresh });
}

export function useChangeProblemAuth() {
  const refresh = useRefreshProblems();
  return useMutation({
    mutationFn: (body: ChangeProblemAuthForm) => consoleApi.adminChangeProblemAuth(body),
    onSuccess: refresh,
  });
}

export function useDeleteProblem() {
  const refresh = useRefreshProblems();
  return useMutation({ mutationFn: (pid: number) => consoleApi.adminDeleteProblem(pid), onSuccess: refresh });
}

/** The zip goes up as multipart field `file`; the editor shows a refusal beside the file input. */
export function useUploadTestdata() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return consoleApi.adminUploadTestcaseZip(form);
    },
    meta: { silent: true },
  });
}

/** A failed compile shows the compiler's words in the editor, not in a toast. */
export function useCompileChecker() {
  return useMutation({
    mutationFn: (args: { kind: 'spj' | 'interactive'; code: string; language: string }) =>
      consoleApi.adminCompileChecker(args.kind, { code: args.code, language: args.language }),
    meta: { silent: true },
  });
}
