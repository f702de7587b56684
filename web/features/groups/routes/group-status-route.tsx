import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SubmissionListItem } from '@/shared/api/types';
import { isInProgress } from '@/shared/constants/judge-status';
import { PAGE_SIZES } from '@/shared/constants/limits';
import { isAdmin } from '@/shared/stores/auth';
import { Pagination } from '@/web/components/pagination';
import {
  mergeStatuses,
  SubmissionFilters,
  type SubmissionFilterValues,
  SubmissionTable,
  useSubmissionList,
  useSubmissionStatusPoll,
} from '@/web/features/submissions';
import { useAuth } from '@/web/lib/auth';
import { readInt, readLimit, readPage, withParams } from '@/web/lib/search-params';
import { GroupGate } from '../components/group-gate';
import { useGroupContext } from '../group-context';
import { groupProblemPath, groupSubmissionPath } from '../lib';

/**
 * The Status tab (HOJ's GroupSubmissionList): the submission list of the group's problems (`gid`),
 * its filters in the URL; links stay inside the group. Group admins search by author and see the
 * real-name column (spec §6).
 */
function GroupStatus() {
  const { gid, standing } = useGroupContext();
  const user = useAuth((s) => s.userInfo);
  const [params, setParams] = useSearchParams();
  const currentPage = readPage(params);
  const limit = readLimit(params, PAGE_SIZES.submissions, PAGE_SIZES.pagerOptions);
  const searchAuthor = standing.admin || isAdmin(user);
  const filters: SubmissionFilterValues = {
    onlyMine: params.get('onlyMine') === 'true',
    status: readInt(params, 'status'),
    problemID: params.get('problemID') ?? '',
    username: searchAuthor ? (params.get('username') ?? '') : '',
  };
  const list = useSubmissionList({
    gid,
    currentPage,
    limit,
    onlyMine: filters.onlyMine || undefined,
    status: filters.status,
    problemID: filters.problemID || undefined,
    username: filters.onlyMine ? undefined : filters.username || undefined,
  });
  const inProgress = useMemo(
    () => (list.data?.records ?? []).filter((r) => isInProgress(r.status)).map((r) => r.submitId),
    [list.data],
  );
  const polled = useSubmissionStatusPoll(inProgress);
  const rows = useMemo(
    () => (list.data ? mergeStatuses(list.data.records, polled.data) : undefined),
    [list.data, polled.data],
  );
  const links = useMemo(
    () => ({
      submission: (r: SubmissionListItem) => groupSubmissionPath(gid, r.submitId),
      problem: (r: SubmissionListItem) => groupProblemPath(gid, r.displayPid),
    }),
    [gid],
  );
  const change = (changes: Record<string, string | number | boolean | undefined>) =>
    setParams(withParams(params, { ...changes, currentPage: changes.currentPage ?? undefined }));
  return (
    <div className="grid gap-4" data-testid="group-status">
      <SubmissionFilters
        key={`${filters.problemID}|${filters.username}`}
        values={filters}
        canSearchAuthor={searchAuthor}
        onMineChange={(onlyMine) => change({ onlyMine, username: undefined })}
        onChange={(c) => change(c)}
      />
      <div className="overflow-x-auto rounded-lg border bg-card">
        <SubmissionTable
          rows={rows}
          loading={list.isPending}
          myUid={user?.uid ?? null}
          rejudge={null}
          links={links}
          realName={standing.admin}
        />
      </div>
      <Pagination
        total={list.data?.total ?? 0}
        capped={list.data?.totalCapped}
        page={currentPage}
        limit={limit}
        pageSizes={PAGE_SIZES.pagerOptions}
        onPageChange={(p) => change({ currentPage: p })}
        onLimitChange={(l) => change({ limit: l })}
      />
    </div>
  );
}

export function Component() {
  return (
    <GroupGate>
      <GroupStatus />
    </GroupGate>
  );
}
