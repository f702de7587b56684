import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { AdminProblem, AdminProblemCase, StagedUpload } from '@/shared/api/problem-editor-types';
import type { Tag } from '@/shared/api/types';
import type { ChangeProblemAuthForm, ProblemDtoForm } from '@/shared/schemas/problem-admin';
import { allInOrder } from '@/web/lib/all-in-order';
import { api } from '@/web/lib/api';
import { canPublishProblems } from '../access';
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
  list: (query: AdminProblemListQuery) => ['admin', 'problems', 'list', query] as const,
  stored: (scope: ProblemEditorScope, pid: number) => [...scope.key, 'stored', pid] as const,
  languages: ['admin', 'problems', 'languages'] as const,
  tags: (scope: ProblemEditorScope) => [...scope.key, 'all-tags'] as const,
};

/**
 * Whose problems the editor writes and through which calls. The console's scope is the default; a
 * group's (web/features/admin/groups/editor-scopes.tsx) is provided by the screen that mounts the
 * editor inside the group, so the same editor serves both and the server checks every call again.
 */
export interface ProblemEditorScope {
  /** the scope's reads are cached under keys that start with it */
  key: readonly unknown[];
  /** what else a change makes stale (lists of the scope) */
  refreshKeys: readonly (readonly unknown[])[];
  /** where Back, Cancel and a finished save lead */
  listPath: string;
  /** put in front of the display id by the server (a group's short name), shown beside the field */
  idPrefix: string;
  /** locale key of a line under the visibility saying what it means here, null for none */
  visibilityHint: string | null;
  /** who may make a problem public here */
  canPublish(roles: readonly string[]): boolean;
  getProblem(pid: number): Promise<AdminProblem>;
  getCases(pid: number): Promise<AdminProblemCase[]>;
  getTags(pid: number): Promise<Tag[]>;
  allTags(): Promise<Tag[]>;
  /** resolves with the server's message, '' when the call carries none */
  save(dto: ProblemDtoForm, edit: boolean): Promise<{ msg: string }>;
  uploadTestdata(form: FormData): Promise<StagedUpload>;
  compileChecker(
    kind: 'spj' | 'interactive',
    body: { code: string; language: string },
  ): Promise<{ msg: string }>;
}

/** The console's calls, as the editor has always made them. */
export const CONSOLE_PROBLEM_SCOPE: ProblemEditorScope = {
  key: ['admin', 'problems'],
  refreshKeys: [['admin', 'problems']],
  listPath: '/admin/problem',
  idPrefix: '',
  visibilityHint: null,
  canPublish: canPublishProblems,
  getProblem: (pid) => consoleApi.adminGetProblem(pid),
  getCases: (pid) => consoleApi.adminGetProblemCases(pid),
  getTags: (pid) => consoleApi.adminGetProblemTags(pid),
  allTags: () => consoleApi.adminGetAllProblemTags(),
  save: (dto, edit) => consoleApi.adminSaveProblem(dto, edit ? 'PUT' : 'POST'),
  uploadTestdata: (form) => consoleApi.adminUploadTestcaseZip(form),
  compileChecker: (kind, body) => consoleApi.adminCompileChecker(kind, body),
};

export const ProblemEditorScopeContext = createContext<ProblemEditorScope>(CONSOLE_PROBLEM_SCOPE);

export function useProblemEditorScope(): ProblemEditorScope {
  return useContext(ProblemEditorScopeContext);
}

/** After a change the scope's lists and the site's problem pages are read again. */
function useRefreshProblems() {
  const queryClient = useQueryClient();
  const scope = useProblemEditorScope();
  return () => {
    for (const queryKey of scope.refreshKeys) void queryClient.invalidateQueries({ queryKey });
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

/** Every tag the scope offers (the site's; a group's own too), for the tag input's suggestions. */
export function useAllTags() {
  const scope = useProblemEditorScope();
  return useQuery({ queryKey: keys.tags(scope), queryFn: () => scope.allTags() });
}

/** A problem as the editor opens it: its fields, cases, tags, templates and allowed languages, read fresh each time. */
export function useStoredProblem(pid: number | null) {
  const scope = useProblemEditorScope();
  return useQuery({
    queryKey: keys.stored(scope, pid ?? 0),
    enabled: pid !== null,
    staleTime: 0,
    gcTime: 0,
    queryFn: async (): Promise<StoredProblem> => {
      const id = pid ?? 0;
      // a refusal is the problem call's when it has one
      const [problem, cases, tags, templates, allowed] = await allInOrder([
        scope.getProblem(id),
        scope.getCases(id),
        scope.getTags(id),
        consoleApi.adminGetProblemCodeTemplates(id),
        api.getLanguages({ pid: id }),
      ] as const);
      return { problem, cases, tags, templates, allowed };
    },
  });
}

export function useSaveProblem() {
  const refresh = useRefreshProblems();
  const scope = useProblemEditorScope();
  return useMutation({
    mutationFn: ({ dto, edit }: { dto: ProblemDtoForm; edit: boolean }) => scope.save(dto, edit),
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
  const scope = useProblemEditorScope();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return scope.uploadTestdata(form);
    },
    meta: { silent: true },
  });
}

/** A failed compile shows the compiler's words in the editor, not in a toast. */
export function useCompileChecker() {
  const scope = useProblemEditorScope();
  return useMutation({
    mutationFn: (args: { kind: 'spj' | 'interactive'; code: string; language: string }) =>
      scope.compileChecker(args.kind, { code: args.code, language: args.language }),
    meta: { silent: true },
  });
}
