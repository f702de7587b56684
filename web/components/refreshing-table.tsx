import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type * as React from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POLL } from '@/shared/constants/limits';
import { PagedTable, type PagedTableColumn } from '@/web/components/paged-table';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';

/** One page of a staff list that keeps itself current, with its page and its auto refresh switch. */
export interface RefreshingList<T> {
  page: number;
  setPage(page: number): void;
  /** records a page */
  limit: number;
  live: boolean;
  setLive(live: boolean): void;
  data: { records: T[]; total: number } | undefined;
  isFetching: boolean;
  refetch(): Promise<unknown>;
}

/**
 * A paged staff list that reads its page again every 10 s, so the staff see new requests without
 * reloading, until its switch is turned off.
 * It starts on page 1 with the switch on; while another page loads, the last one stays in view.
 */
export function useRefreshingList<T>({
  limit,
  queryKey,
  read,
}: {
  limit: number;
  queryKey(page: number): QueryKey;
  read(page: { currentPage: number; limit: number }): Promise<{ records: T[]; total: number }>;
}): RefreshingList<T> {
  const [page, setPage] = useState(1);
  const [live, setLive] = useState(true);
  const query = useQuery({
    queryKey: queryKey(page),
    queryFn: () => read({ currentPage: page, limit }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? POLL.adminHelperMs : false,
  });
  const { data, isFetching, refetch } = query;
  return { page, setPage, limit, live, setLive, data, isFetching, refetch };
}

/** The auto refresh switch, and a button that reads the list at once (spinning while any read runs). */
function RefreshTools({ id, list }: { id: string; list: RefreshingList<unknown> }) {
  const { t } = useTranslation();
  const switchId = `${id}-auto-refresh`;
  return (
    <>
      <div className="flex items-center gap-2 text-sm">
        <Switch id={switchId} checked={list.live} onCheckedChange={list.setLive} data-testid={switchId} />
        <Label htmlFor={switchId}>{t('contestDesk.autoRefresh')}</Label>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void list.refetch()}
        disabled={list.isFetching}
        data-testid={`${id}-refresh`}
      >
        <RefreshCw className={list.isFetching ? 'animate-spin' : undefined} />
        {t('common.refresh')}
      </Button>
    </>
  );
}

/**
 * A staff list that keeps itself current: a card with the auto refresh tools in its header,
 * `children` (a hint) above the paged table of the list's page. `id` names the parts: the card
 * is `<id>`, the tools `<id>-auto-refresh` and `<id>-refresh`, the table `<id>-table` and its
 * empty row `<id>-empty`.
 */
export function RefreshingTableCard<T>({
  id,
  title,
  list,
  columns,
  emptyText,
  row,
  className,
  children,
}: {
  id: string;
  title: string;
  list: RefreshingList<T>;
  columns: PagedTableColumn[];
  emptyText: string;
  row(record: T): React.ReactNode;
  /** the table's classes (its least width) */
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <TitledCard title={title} tools={<RefreshTools id={id} list={list} />} testId={id}>
      {children}
      <PagedTable
        data={list.data}
        testId={`${id}-table`}
        className={className}
        columns={columns}
        empty={{ text: emptyText, testId: `${id}-empty` }}
        page={list.page}
        limit={list.limit}
        onPageChange={list.setPage}
        row={row}
      />
    </TitledCard>
  );
}
