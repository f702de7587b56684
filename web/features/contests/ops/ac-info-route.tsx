import { useQuery } from '@tanstack/react-query';
import { Flame, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ContestType } from '@/shared/constants/contests';
import { MESSAGE_DURATION_MS } from '@/shared/constants/limits';
import { formatDateTime } from '@/shared/format';
import { CONTEST_OPS_PAGE_SIZES } from '@/shared/schemas/contest-ops';
import { Pagination } from '@/web/components/pagination';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { api } from '@/web/lib/api';
import { readableTextColor } from '@/web/lib/color';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useContestContext } from '../contest-context';
import { clockText } from '../lib/contest-clock';
import { useCheckAcInfo, useContestAcInfo } from './api';
import { AutoRefreshSwitch, EmptyRow, NoPermission, OpsCard } from './parts';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A problem's display id on its balloon colour (the contest problem's colour, when it has one). */
function Balloon({ displayId, color }: { displayId: string; color: string | null | undefined }) {
  const bg = color && HEX.test(color) ? color : null;
  return (
    <span className="inline-flex items-center gap-1.5 font-medium">
      <span
        className="inline-flex h-6 min-w-6 items-center justify-center rounded-full border px-1.5 text-xs"
        style={bg ? { backgroundColor: bg, color: readableTextColor(bg), borderColor: bg } : undefined}
      >
        {displayId}
      </span>
    </span>
  );
}

/**
 * Admin Helper (spec §2, ACM contests, contest admins): each user's first accept per problem with the
 * time since the start, the balloon colour and the first-blood mark; balloons not yet delivered come
 * first, 20 a page, read again every 10 s while the switch is on; the switch of a row toggles delivered.
 */
export function Component() {
  const { t } = useTranslation();
  const { contest, isAdmin } = useContestContext();
  useDocumentTitle(`${t('contestDesk.tabAcInfo')} - ${contest.title}`);
  if (!isAdmin) return <NoPermission message={t('contestDesk.adminOnly')} />;
  if (contest.type !== ContestType.ACM)
    return <NoPermission message={t('contestDesk.acmOnly')} testId="ac-info-acm-only" />;
  return <AcInfo cid={contest.id} />;
}

function AcInfo({ cid }: { cid: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [live, setLive] = useState(true);
  const list = useContestAcInfo(cid, page, live);
  const check = useCheckAcInfo(cid);
  // the balloon colours are the contest problems' (the admin sees every problem)
  const problems = useQuery({
    queryKey: ['contests', cid, 'ops', 'balloon-colours'],
    queryFn: () => api.getContestProblems(cid, false),
    meta: { silent: true },
    staleTime: 60_000,
  });
  const colourOf = (displayId: string) => problems.data?.find((p) => p.displayId === displayId)?.color;

  const tools = (
    <>
      <AutoRefreshSwitch id="ac-info-auto-refresh" checked={live} onCheckedChange={setLive} />
      <Button
        variant="outline"
        size="sm"
        onClick={() => void list.refetch()}
        disabled={list.isFetching}
        data-testid="ac-info-refresh"
      >
        <RefreshCw className={list.isFetching ? 'animate-spin' : undefined} />
        {t('common.refresh')}
      </Button>
    </>
  );

  return (
    <OpsCard title={t('contestDesk.tabAcInfo')} tools={tools} testId="ac-info">
      <p className="text-xs text-muted-foreground">{t('contestDesk.acHint')}</p>
      {!list.data ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <>
          <Table data-testid="ac-info-table" className="min-w-[36rem]">
            <TableHeader>
              <TableRow>
                <TableHead>{t('contestDesk.colTime')}</TableHead>
                <TableHead>{t('contestDesk.colProblem')}</TableHead>
                <TableHead>{t('contestDesk.colUser')}</TableHead>
                <TableHead>{t('contestDesk.colFirstBlood')}</TableHead>
                <TableHead>{t('contestDesk.colChecked')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.records.length === 0 && (
                <EmptyRow colSpan={5} text={t('contestDesk.acEmpty')} testId="ac-info-empty" />
              )}
              {list.data.records.map((r) => (
                <TableRow
                  key={r.id}
                  data-testid={`ac-info-row-${r.id}`}
                  data-checked={r.checked ? 'true' : 'false'}
                  className={r.checked ? 'text-muted-foreground' : undefined}
                >
                  <TableCell className="font-mono whitespace-nowrap" title={formatDateTime(r.submitTime)}>
                    {clockText(r.time * 1000)}
                  </TableCell>
                  <TableCell>
                    <Balloon displayId={r.displayId} color={colourOf(r.displayId)} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    <span className="font-medium">{r.username}</span>
                    {r.realname && <span className="ml-1.5 text-muted-foreground">({r.realname})</span>}
                  </TableCell>
                  <TableCell>
                    {r.firstBlood && (
                      <Badge className="bg-red-600 text-white" data-testid={`ac-info-first-blood-${r.id}`}>
                        <Flame />
                        {t('contestDesk.firstBlood')}
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell>
                    <Switch
                      checked={r.checked}
                      disabled={check.isPending && check.variables?.id === r.id}
                      aria-label={t('contestDesk.colChecked')}
                      onCheckedChange={(checked) =>
                        check.mutate(
                          { id: r.id, checked },
                          {
                            onSuccess: () =>
                              toast.success(t('contestOps.acInfoUpdated'), { duration: MESSAGE_DURATION_MS }),
                          },
                        )
                      }
                      data-testid={`ac-info-checked-${r.id}`}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination
            total={list.data.total}
            page={page}
            limit={CONTEST_OPS_PAGE_SIZES.acInfo}
            onPageChange={setPage}
          />
        </>
      )}
    </OpsCard>
  );
}
