import { useQuery } from '@tanstack/react-query';
import { Flame } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ContestType } from '@/shared/constants/contests';
import { formatDateTime } from '@/shared/format';
import { readableTextColor } from '@/web/components/lib/color';
import { RefreshingTableCard } from '@/web/components/refreshing-table';
import { Badge } from '@/web/components/ui/badge';
import { Switch } from '@/web/components/ui/switch';
import { TableCell, TableRow } from '@/web/components/ui/table';
import { api } from '@/web/lib/api';
import { clockText } from '../lib/contest-clock';
import { useCheckAcInfo, useContestAcInfo } from './api';
import { AdminTab, NoPermission } from './parts';

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
 * Admin Helper (ACM contests, contest admins): each user's first accept per problem with the
 * time since the start, the balloon colour and the first-blood mark; balloons not yet delivered come
 * first, 20 a page, read again every 10 s while the switch is on; the switch of a row toggles delivered.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <AdminTab titleKey="contestDesk.tabAcInfo">
      {(contest) =>
        contest.type === ContestType.ACM ? (
          <AcInfo cid={contest.id} />
        ) : (
          <NoPermission message={t('contestDesk.acmOnly')} testId="ac-info-acm-only" />
        )
      }
    </AdminTab>
  );
}

function AcInfo({ cid }: { cid: number }) {
  const { t } = useTranslation();
  const list = useContestAcInfo(cid);
  const check = useCheckAcInfo(cid);
  // the balloon colours are the contest problems' (the admin sees every problem)
  const problems = useQuery({
    queryKey: ['contests', cid, 'ops', 'balloon-colours'],
    queryFn: () => api.getContestProblems(cid, false),
    meta: { silent: true },
    staleTime: 60_000,
  });
  const colourOf = (displayId: string) => problems.data?.find((p) => p.displayId === displayId)?.color;

  return (
    <RefreshingTableCard
      id="ac-info"
      title={t('contestDesk.tabAcInfo')}
      list={list}
      className="min-w-[36rem]"
      columns={[
        { label: t('contestDesk.colTime') },
        { label: t('contestDesk.colProblem') },
        { label: t('contestDesk.colUser') },
        { label: t('contestDesk.colFirstBlood') },
        { label: t('contestDesk.colChecked') },
      ]}
      emptyText={t('contestDesk.acEmpty')}
      row={(r) => (
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
                  { onSuccess: () => toast.success(t('contestOps.acInfoUpdated')) },
                )
              }
              data-testid={`ac-info-checked-${r.id}`}
            />
          </TableCell>
        </TableRow>
      )}
    >
      <p className="text-xs text-muted-foreground">{t('contestDesk.acHint')}</p>
    </RefreshingTableCard>
  );
}
