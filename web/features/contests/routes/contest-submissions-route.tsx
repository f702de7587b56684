import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SubmissionListItem } from '@/shared/api/types';
import { PAGE_SIZES } from '@/shared/constants/limits';
import { Pagination } from '@/web/components/pagination';
import {
  SubmissionFilters,
  type SubmissionFilterValues,
  SubmissionTable,
  useLiveRows,
} from '@/web/features/submissions';
import { useAuth } from '@/web/lib/auth';
import { readInt, readLimit, readPage, withParams } from '@/web/lib/search-params';
import { useContestSubmissions } from '../api';
import { useContestContext } from '../contest-context';

/**
 * The Status tab (/submissions?onlyMine=true): the contest's submissions with the list's filters;
 * what others' rows show follows the contest's rules on the server (seal, run figures while running).
 */
export function Component() {
  const { contest, base, containsEnd } = useContestContext();
  const [params, setParams] = useSearchParams();
  const uid = useAuth((s) => s.userInfo?.uid ?? null);
  const currentPage = readPage(params);
  const limit = readLimit(params, PAGE_SIZES.submissions, PAGE_SIZES.pagerOptions);
  const filters: SubmissionFilterValues = {
    onlyMine: params.get('onlyMine') === 'true',
    status: readInt(params, 'status'),
    problemID: params.get('problemID') ?? '',
    username: params.get('username') ?? '',
  };
  const list = useContestSubmissions({
    contestID: contest.id,
    currentPage,
    limit,
    onlyMine: filters.onlyMine || undefined,
    status: filters.status,
    problemID: filters.problemID || undefined,
    username: filters.onlyMine ? undefined : filters.username || undefined,
    containsEnd,
  });
  const rows = useLiveRows(list.data?.records, contest.id, list.refetch);
  const links = useMemo(
    () => ({
      submission: (r: SubmissionListItem) =>
        `${base}/problem/${encodeURIComponent(r.displayId ?? r.displayPid)}/submission-detail/${r.submitId}`,
      problem: (r: SubmissionListItem) =>
        `${base}/problem/${encodeURIComponent(r.displayId ?? r.displayPid)}`,
    }),
    [base],
  );
  const change = (changes: Record<string, string | number | boolean | undefined>) =>
    setParams(withParams(params, { ...changes, currentPage: changes.currentPage ?? undefined }));
  return (
    <div className="grid gap-4" data-testid="contest-submissions">
      <SubmissionFilters
        values={filters}
        canSearchAuthor
        onMineChange={(onlyMine) => change({ onlyMine, username: undefined })}
        onChange={(c) => change(c)}
      />
      <div className="overflow-x-auto">
        <SubmissionTable rows={rows} loading={list.isPending} myUid={uid} rejudge={null} links={links} />
      </div>
      <Pagination
        total={list.data?.total ?? 0}
        page={currentPage}
        limit={limit}
        pageSizes={PAGE_SIZES.pagerOptions}
        onPageChange={(p) => change({ currentPage: p })}
        onLimitChange={(l) => change({ limit: l })}
      />
    </div>
  );
}
