import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ContestVO } from '@/shared/api/contest-types';
import { CONTEST_PAGE_SIZE, ContestAuth, ContestStatus, ContestType } from '@/shared/constants/contests';
import { Page } from '@/web/app/layouts/page';
import { Pagination } from '@/web/components/pagination';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { readInt, readPage, withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useContestList } from '../api';
import { CountdownText } from '../components/contest-header';
import { useServerNow } from '../contest-context';
import { AUTH_KEY, STATUS_CLASS, STATUS_KEY } from '../lib/contest-labels';
import { formatContestTime, hoursMinutes } from '../lib/format';

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
  return (
    <Select
      value={value === undefined ? ALL : String(value)}
      onValueChange={(v) => onChange(v === ALL ? undefined : Number(v))}
    >
      <SelectTrigger className="w-36" aria-label={label} data-testid={id}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{`${label}: ${t('contestPage.list.all')}`}</SelectItem>
        {options.map((o) => (
          <SelectItem key={o.value} value={String(o.value)}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function ContestCard({ contest, now }: { contest: ContestVO; now: number }) {
  const { t, i18n } = useTranslation();
  const [h, m] = hoursMinutes(contest.duration);
  return (
    <li
      className="grid gap-2 rounded-lg border p-4 transition-colors hover:bg-muted/30"
      data-testid="contest-row"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link
          to={`/contest/${contest.id}`}
          className="text-base font-semibold hover:underline"
          data-testid="contest-link"
        >
          {contest.title}
        </Link>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge className={STATUS_CLASS[contest.status]}>{t(STATUS_KEY[contest.status])}</Badge>
          <Badge variant="secondary">{contest.type === ContestType.OI ? 'OI' : 'ACM'}</Badge>
          <Badge variant="outline">{t(AUTH_KEY[contest.auth])}</Badge>
        </div>
      </div>
      <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
        <span>{formatContestTime(contest.startTime, i18n.language)}</span>
        <span>{t('contestPage.list.duration', { hours: h, minutes: m })}</span>
        <span>{t('contestPage.participants', { count: contest.count })}</span>
        <span className="font-medium text-foreground" data-testid="contest-row-countdown">
          <CountdownText startTime={contest.startTime} endTime={contest.endTime} now={now} />
        </span>
      </div>
    </li>
  );
}

/** The contest list: filters by status, type, access and keyword, with countdown tags. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('contestPage.list.title'));
  const [params, setParams] = useSearchParams();
  const status = readInt(params, 'status');
  const type = readInt(params, 'type');
  const auth = readInt(params, 'auth');
  const keyword = params.get('keyword') ?? '';
  const page = readPage(params);
  const [draft, setDraft] = useState(keyword);
  const list = useContestList({
    currentPage: page,
    limit: CONTEST_PAGE_SIZE,
    status,
    type,
    auth,
    keyword: keyword || undefined,
  });
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
