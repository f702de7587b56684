import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createGroupContentEndpoints } from '@/shared/api/group-content-endpoints';
import { apiClient } from '@/web/lib/api';

/** A group's training and contest calls on the app's one client (the group screens only). */
export const groupContentApi = createGroupContentEndpoints(apiClient);

export const contentKeys = {
  trainings: (gid: number, page: number, manage: boolean) =>
    ['groups', gid, 'trainings', manage, page] as const,
  contests: (gid: number, page: number, manage: boolean) =>
    ['groups', gid, 'contests', manage, page] as const,
};

export const CONTENT_PAGE_SIZE = 10;

/** The group's visible trainings (members), or every one of them (its admins, `manage`). */
export function useGroupTrainings(gid: number, page: number, manage: boolean) {
  const query = { gid, currentPage: page, limit: CONTENT_PAGE_SIZE };
  return useQuery({
    queryKey: contentKeys.trainings(gid, page, manage),
    queryFn: async () =>
      manage
        ? { manage: true as const, page: await groupContentApi.getGroupAdminTrainingList(query) }
        : { manage: false as const, page: await groupContentApi.getGroupTrainingList(query) },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The group's visible contests (members), or every one of them (its admins, `manage`). */
export function useGroupContests(gid: number, page: number, manage: boolean) {
  const query = { gid, currentPage: page, limit: CONTENT_PAGE_SIZE };
  return useQuery({
    queryKey: contentKeys.contests(gid, page, manage),
    queryFn: async () =>
      manage
        ? { manage: true as const, page: await groupContentApi.getGroupAdminContestList(query) }
        : { manage: false as const, page: await groupContentApi.getGroupContestList(query) },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** A group admin's changes to the group's trainings and contests; the group's lists are read again after. */
export function useContentActions(gid: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['groups', gid] });
  const m = <A, R>(fn: (a: A) => Promise<R>) => ({ mutationFn: fn, onSuccess: refresh });
  return {
    addTraining: useMutation(m(groupContentApi.addGroupTraining)),
    trainingStatus: useMutation(
      m(({ tid, status }: { tid: number; status: boolean }) =>
        groupContentApi.changeGroupTrainingStatus(tid, status),
      ),
    ),
    deleteTraining: useMutation(m(groupContentApi.deleteGroupTraining)),
    addTrainingProblem: useMutation(m(groupContentApi.addGroupTrainingProblemFromGroup)),
    addContest: useMutation(m(groupContentApi.addGroupContest)),
    contestVisible: useMutation(
      m(({ cid, visible }: { cid: number; visible: boolean }) =>
        groupContentApi.changeGroupContestVisible(cid, visible),
      ),
    ),
    deleteContest: useMutation(m(groupContentApi.deleteGroupContest)),
    addContestProblem: useMutation(m(groupContentApi.addGroupContestProblemFromGroup)),
  };
}

export type ContentActions = ReturnType<typeof useContentActions>;
