import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { TRAINING_LIMITS, TrainingAuth } from '@/shared/constants/trainings';
import { Pagination } from '@/web/components/pagination';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { readPage, withParams } from '@/web/lib/search-params';
import { useTrainingProblems, useTrainingRank } from '../api';
import { LockedNotice } from '../components/locked-notice';
import { RankTable } from '../components/rank-table';
import { trainingPath } from '../lib';
import { useTrainingContext } from '../training-context';

/**
 * The record list of a private training (HOJ's TrainingRank): registered users by problems solved,
 * then by the total of their fastest accepted runs, 30 a page, searchable by username, real name or
 * school. Public trainings have none (HOJ records nothing for them).
 */
export function Component() {
  const { t } = useTranslation();
  const { training, uid, access } = useTrainingContext();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const keyword = params.get('keyword') ?? '';
  const [text, setText] = useState(keyword);
  useEffect(() => setText(keyword), [keyword]);
  const isPrivate = training.auth === TrainingAuth.PRIVATE;
  const problems = useTrainingProblems(training.id, uid ?? '', access && isPrivate);
  const rank = useTrainingRank(
    {
      tid: training.id,
      currentPage: page,
      limit: TRAINING_LIMITS.rankPageSize,
      ...(keyword ? { keyword } : {}),
    },
    uid ?? '',
    access && isPrivate,
  );
  if (!isPrivate) return <Navigate to={trainingPath(training.id)} replace />;
  if (!access) return <LockedNotice tid={training.id} />;
  const search = (e: FormEvent) => {
    e.preventDefault();
    setParams(withParams(params, { keyword: text.trim() || null, currentPage: null }));
  };
  return (
    <section className="grid gap-3 rounded-lg border bg-card p-3 sm:p-4" data-testid="training-rank">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">{t('training.page.tabs.rank')}</h2>
        <form onSubmit={search} className="flex w-full gap-2 sm:w-auto">
          <Input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-label={t('training.page.rank.search')}
            placeholder={t('training.page.rank.search')}
            className="sm:w-64"
            data-testid="training-rank-search"
          />
          <Button type="submit" variant="outline" size="icon" aria-label={t('training.page.rank.search')}>
            <Search />
          </Button>
        </form>
      </div>
      {!rank.data || !problems.data ? (
        <Skeleton className="h-40 w-full" />
      ) : rank.data.records.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground" data-testid="training-rank-empty">
          {t('training.page.rank.empty')}
        </p>
      ) : (
        <div className="-mx-3 overflow-x-auto sm:mx-0">
          <RankTable tid={training.id} rows={rank.data.records} problems={problems.data} uid={uid} />
        </div>
      )}
      {rank.data && (
        <Pagination
          total={rank.data.total}
          page={page}
          limit={TRAINING_LIMITS.rankPageSize}
          onPageChange={(p) => setParams(withParams(params, { currentPage: p }))}
        />
      )}
    </section>
  );
}
