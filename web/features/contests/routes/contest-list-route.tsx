import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CONTEST_PAGE_SIZE, ContestAuth, ContestStatus, ContestType } from '@/shared/constants/contests';
import { Page } from '@/web/app/layouts/page';
import { Pagination } from '@/web/components/pagination';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useContestList } from '../api';
import { ContestCard } from '../components/contest-card';
import { useServerNow } from '../contest-context';
import { AUTH_KEY, STATUS_KEY } from '../lib/contest-labels';
import { contestListQueryOf } from '../lib/list-query';

const ALL = 'all';

function FilterSelect({
  id,
  value,
  options,
  onChange,
  label,
}: {
  id: string;
  value: number | undefined;
  options: readonly { value: number; label: string }[];
  onChange(value: number | undefined): void;
  label: string;
}) {
  const { t } = useTranslation();
  const all = `${label}: ${t('contestPage.list.all')}`;
  return (
    <Select
      lazy
      value={value === undefined ? ALL : String(value)}
      onValueChange={(v) => onChange(v === ALL ? undefined : Number(v))}
    >
      <SelectTrigger className="w-36" aria-label={label} data-testid={id}>
        {/* named here too: the server's first render (web/ssr) has no open list to take it from */}
        <SelectValue>{value === undefined ? all : options.find((o) => o.value === value)?.label}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{all}</SelectItem>
        {options.map((o) => (
          <SelectItem key={o.value} value={String(o.value)}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The contest list: filters by status, type, access and keyword, with countdown tags. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('contestPage.list.title'));
  const [params, setParams] = useSearchParams();
  const query = contestListQueryOf(params);
  const { status, type, auth, currentPage: page } = query;
  const keyword = query.keyword ?? '';
  const [draft, setDraft] = useState(keyword);
  const list = useContestList(query);
  const now = useServerNow(0);
  const change = (changes: Record<string, string | number | undefined>) =>
    setParams(withParams(params, { ...changes, currentPage: changes.currentPage ?? undefined }));
  const search = (e: FormEvent) => {
    e.preventDefault();
    change({ keyword: draft.trim() || undefined });
  };
  return (
    <Page title={t('contestPage.list.title')}>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <FilterSelect
          id="contest-filter-status"
          label={t('contestPage.list.status')}
          value={status}
          onChange={(v) => change({ status: v })}
          options={[ContestStatus.SCHEDULED, ContestStatus.RUNNING, ContestStatus.ENDED].map((v) => ({
            value: v,
            label: t(`contestPage.status.${STATUS_KEY[v]}`),
          }))}
        />
        <FilterSelect
          id="contest-filter-type"
          label={t('contestPage.list.type')}
          value={type}
          onChange={(v) => change({ type: v })}
          options={[
            { value: ContestType.ACM, label: 'ACM' },
            { value: ContestType.OI, label: 'OI' },
          ]}
        />
        <FilterSelect
          id="contest-filter-auth"
          label={t('contestPage.list.access')}
          value={auth}
          onChange={(v) => change({ auth: v })}
          options={[ContestAuth.PUBLIC, ContestAuth.PRIVATE, ContestAuth.PROTECTED].map((v) => ({
            value: v,
            label: t(`contestPage.auth.${AUTH_KEY[v]}`),
          }))}
        />
        <form onSubmit={search} className="flex min-w-56 flex-1 items-center gap-2">
          <Input
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('contestPage.list.keyword')}
            aria-label={t('contestPage.list.keyword')}
            data-testid="contest-keyword"
          />
          <Button type="submit" variant="outline" size="icon" aria-label={t('contestPage.list.search')}>
            <Search />
          </Button>
        </form>
      </div>
      {list.isPending && (
        <div className="grid gap-3">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      )}
      {list.data && (
        <ul className="grid gap-3" data-testid="contest-list">
          {list.data.records.map((c) => (
            <ContestCard key={c.id} contest={c} now={now} />
          ))}
          {list.data.records.length === 0 && (
            <li className="py-10 text-center text-muted-foreground">{t('common.noData')}</li>
          )}
        </ul>
      )}
      <div className="mt-4">
        <Pagination
          total={list.data?.total ?? 0}
          page={page}
          limit={CONTEST_PAGE_SIZE}
          onPageChange={(p) => change({ currentPage: p })}
        />
      </div>
    </Page>
  );
}
