import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useSearchParams } from 'react-router';
import type { AcmRankItem, OiRankItem } from '@/shared/api/rank-types';
import type { Page as ApiPage } from '@/shared/api/types';
import { RANK_LIMITS, RankType, type RankTypeValue } from '@/shared/constants/ranks';
import { cn } from '@/shared/lib/utils';
import { Page } from '@/web/app/layouts/page';
import { Pagination } from '@/web/components/pagination';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { readLimit, readPage, withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { type RankPageQuery, useAcmRank, useOiRank } from '../api';
import { BarFigure } from './bar-figure';
import { SERIES_CLASS } from './chart-theme';
import { RankTable } from './rank-table';

type Row = AcmRankItem | OiRankItem;
const isOi = (row: Row): row is OiRankItem => 'score' in row;

/** ACM or OI: two links, the current one marked, like the site's sections. */
function RankSwitch() {
  const { t } = useTranslation();
  const links = [
    { to: '/acm-rank', label: t('ranks.acm'), testId: 'rank-switch-acm' },
    { to: '/oi-rank', label: t('ranks.oi'), testId: 'rank-switch-oi' },
  ];
  return (
    <nav aria-label={t('ranks.switchLabel')} className="inline-flex rounded-lg border bg-muted/40 p-0.5">
      {links.map((l) => (
        <NavLink
          key={l.to}
          to={l.to}
          data-testid={l.testId}
          className={({ isActive }) =>
            cn(
              'rounded-md px-3 py-1 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
              isActive && 'bg-background text-foreground shadow-sm',
            )
          }
        >
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** The rank's search by username or nickname (also a group's rank). */
export function SearchBox({ initial, onSearch }: { initial: string; onSearch(text: string): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  useEffect(() => setText(initial), [initial]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} className="flex w-full gap-2 sm:w-auto">
      <Input
        aria-label={t('ranks.searchLabel')}
        placeholder={t('ranks.searchPlaceholder')}
        value={text}
        maxLength={RANK_LIMITS.searchMax}
        onChange={(e) => setText(e.target.value)}
        className="sm:w-64"
        data-testid="rank-search"
      />
      <Button
        type="submit"
        variant="outline"
        size="icon"
        aria-label={t('ranks.search')}
        data-testid="rank-search-go"
      >
        <Search />
      </Button>
    </form>
  );
}

/** The first page's leaders as bars: ACM solved and submitted, OI scores. */
function TopChart({ type, rows }: { type: RankTypeValue; rows: Row[] }) {
  const { t } = useTranslation();
  const top = rows.slice(0, RANK_LIMITS.chartUsers);
  const data = top.map((r) => ({
    user: r.username,
    ac: r.ac,
    total: r.total,
    score: isOi(r) ? r.score : 0,
  }));
  const series =
    type === RankType.OI
      ? [{ key: 'score', label: t('ranks.score'), className: SERIES_CLASS.score }]
      : [
          { key: 'ac', label: t('ranks.ac'), className: SERIES_CLASS.ac },
          { key: 'total', label: t('ranks.total'), className: SERIES_CLASS.total },
        ];
  return (
    <BarFigure
      data={data}
      categoryKey="user"
      categoryLabel={t('ranks.user')}
      series={series}
      caption={t(type === RankType.OI ? 'ranks.chartCaptionOi' : 'ranks.chartCaptionAcm', {
        count: top.length,
      })}
      testId="rank-chart"
    />
  );
}

/**
 * HOJ's /acm-rank and /oi-rank: every active user ranked by problems solved (ACM) or score (OI),
 * the first page's top ten as bars, search by username or nickname; page, size and search in the URL.
 */
export function RankPage({ type }: { type: RankTypeValue }) {
  const { t } = useTranslation();
  const title = t(type === RankType.OI ? 'ranks.oiTitle' : 'ranks.acmTitle');
  useDocumentTitle(title);
  const [params, setParams] = useSearchParams();
  const search = params.get('searchUser') ?? '';
  const query: RankPageQuery = {
    currentPage: readPage(params),
    limit: readLimit(params, RANK_LIMITS.pageSize, RANK_LIMITS.pageSizes),
    ...(search ? { searchUser: search } : {}),
  };
  const acm = useAcmRank(query, type === RankType.ACM);
  const oi = useOiRank(query, type === RankType.OI);
  const rank = type === RankType.OI ? oi : acm;
  const data = rank.data as ApiPage<Row> | undefined;
  const offset = (query.currentPage - 1) * query.limit;

  return (
    <Page title={title} actions={<RankSwitch />}>
      <div className="mb-4">
        <SearchBox
          initial={search}
          onSearch={(text) => setParams(withParams(params, { searchUser: text, currentPage: null }))}
        />
      </div>
      {query.currentPage === 1 && data && data.records.length > 0 && (
        <div className="mb-4 rounded-lg border bg-card p-4">
          <TopChart type={type} rows={data.records} />
        </div>
      )}
      <div className="rounded-lg border bg-card">
        <RankTable type={type} data={data} offset={offset} />
      </div>
      <div className="mt-4">
        <Pagination
          total={data?.total ?? 0}
          page={query.currentPage}
          limit={query.limit}
          pageSizes={RANK_LIMITS.pageSizes}
          onPageChange={(p) => setParams(withParams(params, { currentPage: p }))}
          onLimitChange={(size) => setParams(withParams(params, { limit: size, currentPage: null }))}
        />
      </div>
    </Page>
  );
}
