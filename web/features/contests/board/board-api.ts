import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ContestRankRow } from '@/shared/api/contest-rank-types';
import type { Page } from '@/shared/api/types';
import { POLL } from '@/shared/constants/limits';
import type { ContestRankForm } from '@/shared/schemas/contests';
import { api } from '@/web/lib/api';
import { useLiveContest, useLiveDemand, useLiveEvent, useLiveWatching } from '@/web/lib/live';
import { readJson, writeJson } from '@/web/lib/storage';
import { CONCERNED_MAX, concernedKey } from './board-format';

/** Where a board's rows come from: inside the contest (login, own row pinned) or the public board. */
export type BoardSource = 'inside' | 'outside';

export const boardKeys = {
  rows: (source: BoardSource, form: ContestRankForm) =>
    ['contests', form.cid, 'board', source, form] as const,
  outsideInfo: (cid: number) => ['contests', cid, 'board', 'outside-info'] as const,
};

/**
 * One page of a board, kept current while auto refresh is on: read again when the live stream says the
 * board changed, or every 30 s while the stream is not healthy.
 */
export function useBoardRows(source: BoardSource, form: ContestRankForm, autoRefresh: boolean) {
  useLiveContest(form.cid);
  // a board that refreshes itself wants the stream; a paused one does not
  useLiveDemand(autoRefresh);
  const pushed = useLiveWatching(form.cid);
  const queryClient = useQueryClient();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: ['contests', form.cid, 'board', source] });
  useLiveEvent('board', (e) => {
    if (autoRefresh && e.data.cid === form.cid) refresh();
  });
  // a stream that just opened missed what changed before it
  useLiveEvent('hello', (e) => {
    if (autoRefresh && e.data.contest === form.cid) refresh();
  });
  return useQuery<Page<ContestRankRow>>({
    queryKey: boardKeys.rows(source, form),
    queryFn: () => (source === 'inside' ? api.getContestRank(form) : api.getContestOutsideScoreboard(form)),
    placeholderData: keepPreviousData,
    refetchInterval: autoRefresh && !pushed ? POLL.scoreboardMs : false,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

/** The public board's contest and problem list (GET /api/get-contest-outsize-info). */
export function useOutsideInfo(cid: number) {
  return useQuery({
    queryKey: boardKeys.outsideInfo(cid),
    queryFn: () => api.getContestOutsideInfo(cid),
    enabled: cid > 0,
  });
}

function readConcerned(cid: number): string[] {
  const stored = readJson<unknown>(concernedKey(cid));
  return Array.isArray(stored)
    ? stored.filter((v): v is string => typeof v === 'string').slice(0, CONCERNED_MAX)
    : [];
}

/** The users followed on this contest's boards, kept in localStorage per contest. */
export function useConcerned(cid: number) {
  const [list, setList] = useState<string[]>(() => readConcerned(cid));
  const toggle = useCallback(
    (uid: string) => {
      setList((current) => {
        const next = current.includes(uid)
          ? current.filter((u) => u !== uid)
          : [...current, uid].slice(-CONCERNED_MAX);
        writeJson(concernedKey(cid), next);
        return next;
      });
    },
    [cid],
  );
  return { list, toggle };
}
