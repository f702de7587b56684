import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassificationForm, TagForm } from '@/shared/schemas/tag-admin';
import { consoleApi } from '../console-api';

const TAGS = ['admin', 'tags'] as const;
const CLASSIFICATIONS = ['admin', 'tag-classifications'] as const;

export function useAllTags() {
  return useQuery({ queryKey: TAGS, queryFn: () => consoleApi.adminGetAllProblemTags() });
}

export function useClassifications() {
  return useQuery({ queryKey: CLASSIFICATIONS, queryFn: () => consoleApi.adminGetTagClassifications() });
}

/** Tag and classification changes; both lists and the problem list's tag filter are read again after. */
export function useTagChanges() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: TAGS });
    void queryClient.invalidateQueries({ queryKey: CLASSIFICATIONS });
    // the problem list's tag filter (its query key: problems, tags)
    void queryClient.invalidateQueries({ queryKey: ['problems', 'tags'] });
  };
  return {
    saveTag: useMutation({
      mutationFn: (body: TagForm & { id?: number }) =>
        body.id === undefined
          ? consoleApi.adminAddTag(body)
          : consoleApi.adminUpdateTag({ ...body, id: body.id }),
      onSuccess: refresh,
    }),
    deleteTag: useMutation({
      mutationFn: (tid: number) => consoleApi.adminDeleteTag(tid),
      onSuccess: refresh,
    }),
    saveClassification: useMutation({
      mutationFn: (body: ClassificationForm & { id?: number }) =>
        body.id === undefined
          ? consoleApi.adminAddTagClassification(body)
          : consoleApi.adminUpdateTagClassification({ ...body, id: body.id }),
      onSuccess: refresh,
    }),
    deleteClassification: useMutation({
      mutationFn: (tcid: number) => consoleApi.adminDeleteTagClassification(tcid),
      onSuccess: refresh,
    }),
  };
}
