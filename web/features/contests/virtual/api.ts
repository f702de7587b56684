import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { VIRTUAL_LIMITS } from '@/shared/constants/virtual-participation';
import { api } from '@/web/lib/api';

export const virtualKeys = {
  state: (cid: number, uid: string) => ['contests', cid, 'virtual', uid] as const,
};

/** The caller's virtual run of the contest and whether they may start one (an ended contest only). */
export function useVirtualState(cid: number, uid: string | null, enabled: boolean) {
  return useQuery({
    queryKey: virtualKeys.state(cid, uid ?? ''),
    queryFn: () => api.getVirtualState(cid),
    enabled: enabled && cid > 0 && !!uid,
    refetchInterval: VIRTUAL_LIMITS.pollMs,
  });
}

/** Starts the caller's run now; every query of the contest reloads, since the contest now runs for them. */
export function useStartVirtual(cid: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.startVirtual({ cid }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['contests', cid] }),
  });
}
