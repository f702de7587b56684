import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatAcRate } from '@/shared/format';
import { Page } from '@/web/app/layouts/page';
import { Pagination } from '@/web/components/pagination';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { useAuth } from '@/web/lib/auth';
import { withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useProblemList, useProblemTags, useUserProblemStatus } from '../api';
import { DifficultyBadge } from '../components/difficulty-badge';
import { ProblemFilters } from '../components/problem-filters';
import { ProblemStatusMark } from '../components/problem-status-mark';
import { RandomProblemButton } from '../components/random-problem-button';
import { TagList } from '../components/tag-list';
import { readListFilters, writeListFilters } from '../lib/list-filters';
import { LIMIT_OPTIONS, problemListQueryOf } from '../lib/list-query';

function LoadingRows({ columns }: { columns: number }) {
  return Array.from({ length: 5 }, (_, i) => (
    <TableRow key={i}>
      {Array.from({ length: columns }, (_, j) => (
        <TableCell key={j}>
          <Skeleton className="h-4 w-full" />
        </TableCell>
      ))}
    </TableRow>
  ));
}

/** Problem list: paging, keyword, level and tag filters in the URL, own marks, AC rate. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('problemPage.list.title'));
  const [params, setParams] = useSearchParams();
  const uid = useAuth((s) => (s.token ? (s.userInfo?.uid ?? null) : null));
  const query = problemListQueryOf(params);
  const { currentPage, limit } = query;
  const filters = readListFilters(params);
  const { data, isPending } = useProblemList(query);
  const tags = useProblemTags();
  const pids = useMemo(() => (data?.records ?? []).map((p) => p.pid), [data]);
  const marks = useUserProblemStatus(uid, pids);
  const columns = uid ? 7 : 6;

  return (
    <Page title={t('problemPage.list.title')} actions={<RandomProblemButton />}>
      <div className="mb-4">
        <ProblemFilters
          filters={filters}
          tagGroups={tags.data}
          tagsLoading={tags.isPending}
          onChange={(changes) => setParams(writeListFilters(params, changes))}
        />
      </div>
      <div className="rounded-lg border bg-card">
        <Table data-testid="problem-table">
          <TableHeader>
            <TableRow>
              {uid && (
                <TableHead className="w-10">
                  <span className="sr-only">{t('problemPage.list.myStatus')}</span>
                </TableHead>
              )}
              <TableHead className="w-24">{t('problemPage.list.id')}</TableHead>
              <TableHead>{t('problemPage.list.problemTitle')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('problemPage.list.tags')}</TableHead>
              <TableHead className="w-28">{t('problemPage.list.difficulty')}</TableHead>
              <TableHead className="w-24 text-right">{t('problemPage.list.acRate')}</TableHead>
              <TableHead className="w-20 text-right">{t('problemPage.list.total')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {isPending && <LoadingRows columns={columns} />}
            {data?.records.map((p) => (
              <TableRow key={p.pid} data-testid="problem-row" data-problem-id={p.problemId}>
                {uid && (
                  <TableCell>
                    <ProblemStatusMark problemId={p.problemId} status={marks.data?.[String(p.pid)]?.status} />
                  </TableCell>
                )}
                <TableCell className="font-mono text-muted-foreground">{p.problemId}</TableCell>
                <TableCell className="max-w-[22rem] truncate">
                  <Link
                    to={`/problem/${encodeURIComponent(p.problemId)}`}
                    className="font-medium text-primary hover:underline"
                    data-testid={`problem-link-${p.problemId}`}
                  >
                    {p.title}
                  </Link>
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  <TagList tags={p.tags} />
                </TableCell>
                <TableCell>
                  <DifficultyBadge level={p.difficulty} />
                </TableCell>
                <TableCell
                  className="text-right tabular-nums"
                  title={`${p.ac} / ${p.total}`}
                  data-testid={`problem-ac-rate-${p.problemId}`}
                >
                  {formatAcRate(p.ac, p.total)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{p.total}</TableCell>
              </TableRow>
            ))}
            {data && data.records.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns} className="py-10 text-center text-muted-foreground">
                  {t('common.noData')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </div>
      <div className="mt-4">
        <Pagination
          total={data?.total ?? 0}
          page={currentPage}
          limit={limit}
          pageSizes={LIMIT_OPTIONS}
          onPageChange={(page) => setParams(withParams(params, { currentPage: page }))}
          onLimitChange={(size) => setParams(withParams(params, { limit: size, currentPage: null }))}
        />
      </div>
    </Page>
  );
}
