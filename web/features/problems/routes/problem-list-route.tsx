import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PAGE_SIZES } from '@/shared/constants/limits';
import { formatAcRate } from '@/shared/format';
import { Page } from '@/web/app/layouts/page';
import { Pagination } from '@/web/components/pagination';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { readLimit, readPage, withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useProblemList } from '../api';
import { DifficultyBadge } from '../components/difficulty-badge';

const LIMIT_OPTIONS = [PAGE_SIZES.problems, ...PAGE_SIZES.pagerOptions];

function SearchBox({ initial, onSearch }: { initial: string; onSearch(keyword: string): void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(keyword.trim());
  };
  return (
    <form onSubmit={submit} className="flex w-full gap-2 sm:w-auto">
      <Input
        aria-label={t('web.problemList.searchLabel')}
        placeholder={t('web.problemList.searchPlaceholder')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        className="sm:w-64"
        data-testid="problem-search"
      />
      <Button type="submit" variant="outline" size="icon" aria-label={t('web.problemList.search')}>
        <Search />
      </Button>
    </form>
  );
}

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

export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('web.problemList.title'));
  const [params, setParams] = useSearchParams();
  const currentPage = readPage(params);
  const limit = readLimit(params, PAGE_SIZES.problems, LIMIT_OPTIONS);
  const keyword = params.get('keyword') ?? '';
  const { data, isPending } = useProblemList({ currentPage, limit, keyword: keyword || undefined });

  return (
    <Page
      title={t('web.problemList.title')}
      actions={
        <SearchBox
          key={keyword}
          initial={keyword}
          onSearch={(k) => setParams(withParams(params, { keyword: k, currentPage: null }))}
        />
      }
    >
      <div className="rounded-lg border bg-card">
        <Table data-testid="problem-table">
          <TableHeader>
            <TableRow>
              <TableHead className="w-24">{t('web.problemList.id')}</TableHead>
              <TableHead>{t('web.problemList.problemTitle')}</TableHead>
              <TableHead className="w-28">{t('web.problemList.difficulty')}</TableHead>
              <TableHead className="w-24 text-right">{t('web.problemList.acRate')}</TableHead>
              <TableHead className="w-20 text-right">{t('web.problemList.total')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {isPending && <LoadingRows columns={5} />}
            {data?.records.map((p) => (
              <TableRow key={p.pid}>
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
                <TableCell>
                  <DifficultyBadge level={p.difficulty} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatAcRate(p.ac, p.total)}</TableCell>
                <TableCell className="text-right tabular-nums">{p.total}</TableCell>
              </TableRow>
            ))}
            {data && data.records.length === 0 && (
              <TableRow>
                <TableCell colSpan={5} className="py-10 text-center text-muted-foreground">
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
          onPageChange={(page) => setParams(withParams(params, { currentPage: page }))}
        />
      </div>
    </Page>
  );
}
