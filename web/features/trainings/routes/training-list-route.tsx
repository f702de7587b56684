import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TRAINING_AUTHS, TRAINING_LIMITS, type TrainingAuthValue } from '@/shared/constants/trainings';
import { formatDateTime } from '@/shared/format';
import { Page } from '@/web/app/layouts/page';
import { PagedTable } from '@/web/components/paged-table';
import { TableCell, TableRow } from '@/web/components/ui/table';
import { useAuth } from '@/web/lib/auth';
import { readInt, readPage, withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useTrainingCategories, useTrainingList } from '../api';
import { ProgressBar } from '../components/progress-bar';
import { CategoryChip, TrainingAuthBadge } from '../components/training-badges';
import { TrainingFilters, type TrainingFilterValues } from '../components/training-filters';
import { trainingPath } from '../lib';

function readAuth(value: string | null): TrainingAuthValue | undefined {
  return (TRAINING_AUTHS as readonly string[]).includes(value ?? '')
    ? (value as TrainingAuthValue)
    : undefined;
}

/**
 * The training list (HOJ's /training): by order number, 15 a page; keyword, access type and
 * category in the URL; the caller's progress on each when logged in. Visitors browse too.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('training.page.title'));
  const [params, setParams] = useSearchParams();
  const uid = useAuth((s) => (s.token ? (s.userInfo?.uid ?? null) : null));
  const page = readPage(params);
  const values: TrainingFilterValues = {
    keyword: params.get('keyword') ?? '',
    auth: readAuth(params.get('auth')),
    categoryId: readInt(params, 'categoryId'),
  };
  const list = useTrainingList(
    {
      currentPage: page,
      limit: TRAINING_LIMITS.pageSize,
      ...(values.keyword ? { keyword: values.keyword } : {}),
      ...(values.auth ? { auth: values.auth } : {}),
      ...(values.categoryId === undefined ? {} : { categoryId: values.categoryId }),
    },
    uid ?? '',
  );
  const categories = useTrainingCategories();

  return (
    <Page title={t('training.page.title')}>
      <div className="grid gap-4">
        <TrainingFilters
          values={values}
          categories={categories.data}
          onChange={(changes) => setParams(withParams(params, { currentPage: null, ...changes }))}
        />
        {/* the pager sits inside the card too: it keeps off the card's edge */}
        <div className="rounded-lg border bg-card [&>nav]:p-3">
          <PagedTable
            data={list.data}
            testId="training-table"
            // on a phone a row is a card: title and badges, then progress and counts
            className="[&_thead]:hidden md:[&_thead]:table-header-group"
            columns={[
              { label: t('training.page.col.number'), className: 'w-16' },
              { label: t('training.page.col.title') },
              { label: t('training.page.col.auth'), className: 'hidden lg:table-cell' },
              { label: t('training.page.col.category'), className: 'hidden lg:table-cell' },
              ...(uid ? [{ label: t('training.page.col.progress'), className: 'w-44' }] : []),
              { label: t('training.page.col.problems'), className: 'w-20 text-right' },
              { label: t('training.page.col.author'), className: 'hidden xl:table-cell' },
              { label: t('training.page.col.updated'), className: 'hidden xl:table-cell' },
            ]}
            empty={{ text: t('training.page.empty'), testId: 'training-empty' }}
            page={page}
            limit={TRAINING_LIMITS.pageSize}
            onPageChange={(p) => setParams(withParams(params, { currentPage: p }))}
            row={(tr) => (
              <TableRow
                key={tr.id}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 px-1 py-2 md:table-row md:p-0"
                data-testid="training-row"
                data-training-id={tr.id}
              >
                <TableCell className="hidden text-muted-foreground tabular-nums md:table-cell">
                  {tr.rank}
                </TableCell>
                <TableCell className="col-span-2 min-w-0 whitespace-normal">
                  <Link
                    to={trainingPath(tr.id)}
                    className="font-medium break-words text-primary hover:underline"
                    data-testid={`training-link-${tr.id}`}
                  >
                    {tr.title}
                  </Link>
                  <span className="mt-1 flex flex-wrap items-center gap-1.5 lg:hidden">
                    <TrainingAuthBadge auth={tr.auth} />
                    {tr.categoryName && <CategoryChip name={tr.categoryName} color={tr.categoryColor} />}
                  </span>
                </TableCell>
                <TableCell className="hidden lg:table-cell">
                  <TrainingAuthBadge auth={tr.auth} />
                </TableCell>
                <TableCell className="hidden max-w-48 lg:table-cell">
                  {tr.categoryName && <CategoryChip name={tr.categoryName} color={tr.categoryColor} />}
                </TableCell>
                {uid && (
                  <TableCell className="min-w-0">
                    <ProgressBar
                      ac={tr.acCount}
                      total={tr.problemCount}
                      testId={`training-progress-${tr.id}`}
                    />
                  </TableCell>
                )}
                <TableCell className="text-right tabular-nums" title={t('training.page.col.problems')}>
                  <span className="md:hidden text-xs text-muted-foreground">
                    {t('training.page.col.problems')}{' '}
                  </span>
                  {tr.problemCount}
                </TableCell>
                <TableCell className="hidden xl:table-cell">
                  <Link
                    to={`/user-home?username=${encodeURIComponent(tr.author)}`}
                    className="text-muted-foreground hover:text-foreground hover:underline"
                  >
                    {tr.author}
                  </Link>
                </TableCell>
                <TableCell className="hidden text-xs text-muted-foreground tabular-nums xl:table-cell">
                  {formatDateTime(tr.gmtModified)}
                </TableCell>
              </TableRow>
            )}
          />
        </div>
      </div>
    </Page>
  );
}
