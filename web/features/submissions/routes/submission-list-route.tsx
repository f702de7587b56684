import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PAGE_SIZES } from '@/shared/constants/limits';
import { isAdmin, isRoot } from '@/shared/stores/auth';
import { Page } from '@/web/app/layouts/page';
import { Pagination } from '@/web/components/pagination';
import { useAuth } from '@/web/lib/auth';
import { openLoginModal } from '@/web/lib/login-modal';
import { readInt, readLimit, readPage, withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useLiveRows, useRejudge, useSubmissionList } from '../api';
import { SubmissionFilters, type SubmissionFilterValues } from '../components/submission-filters';
import { SubmissionTable } from '../components/submission-table';

export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('web.submissions.title'));
  const [params, setParams] = useSearchParams();
  const token = useAuth((s) => s.token);
  const user = useAuth((s) => s.userInfo);

  const currentPage = readPage(params);
  const limit = readLimit(params, PAGE_SIZES.submissions, PAGE_SIZES.pagerOptions);
  const admin = isAdmin(user);
  const filters: SubmissionFilterValues = {
    onlyMine: !!token && params.get('onlyMine') === 'true',
    status: readInt(params, 'status'),
    problemID: params.get('problemID') ?? '',
    // only admin roles search by author (the server refuses it to others)
    username: admin ? (params.get('username') ?? '') : '',
  };
  const completeProblemID = params.get('completeProblemID') === 'true';
  const list = useSubmissionList({
    currentPage,
    limit,
    onlyMine: filters.onlyMine || undefined,
    status: filters.status,
    problemID: filters.problemID || undefined,
    completeProblemID: (filters.problemID && completeProblemID) || undefined,
    username: filters.onlyMine ? undefined : filters.username || undefined,
  });
  const rejudge = useRejudge();

  const rows = useLiveRows(list.data?.records, 0, list.refetch);

  const setFilters = (changes: Record<string, string | number | boolean | undefined>) =>
    setParams(
      withParams(params, {
        ...changes,
        // a typed problem ID is a search again, not the exact match a link asked for
        ...('problemID' in changes && changes.problemID !== filters.problemID
          ? { completeProblemID: null }
          : {}),
        currentPage: null,
      }),
    );

  const onMineChange = (onlyMine: boolean) => {
    if (onlyMine && !token) {
      toast.error(t('errors.pleaseLogin'));
      openLoginModal();
      return;
    }
    // Mine clears the author field: Mine already names the author
    setFilters({ onlyMine, username: onlyMine ? undefined : filters.username });
  };

  return (
    <Page title={t('web.submissions.title')}>
      <div className="mb-4">
        <SubmissionFilters
          key={`${filters.problemID}|${filters.username}`}
          values={filters}
          canSearchAuthor={admin}
          onMineChange={onMineChange}
          onChange={setFilters}
        />
      </div>
      <div className="rounded-lg border bg-card">
        <SubmissionTable
          rows={rows}
          loading={list.isPending}
          myUid={user?.uid ?? null}
          rejudge={isRoot(user) ? rejudge : null}
        />
      </div>
      <div className="mt-4">
        <Pagination
          total={list.data?.total ?? 0}
          capped={list.data?.totalCapped}
          page={currentPage}
          limit={limit}
          pageSizes={PAGE_SIZES.pagerOptions}
          onPageChange={(page) => setParams(withParams(params, { currentPage: page }))}
          onLimitChange={(l) => setParams(withParams(params, { limit: l, currentPage: null }))}
        />
      </div>
    </Page>
  );
}
