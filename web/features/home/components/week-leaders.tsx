import { Medal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/shared/lib/utils';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { RankUser } from '@/web/features/ranks';
import { useWeekLeaders } from '../api';

/** gold, silver and bronze for the first three */
const PLACE_CLASS = [
  'bg-amber-400 text-amber-950',
  'bg-slate-300 text-slate-900',
  'bg-orange-300 text-orange-950',
] as const;

/** HOJ's week's AC rank: who first solved the most problems in the last seven days. */
export function WeekLeaders() {
  const { t } = useTranslation();
  const leaders = useWeekLeaders();
  return (
    <Card className="min-w-0" data-testid="home-leaders">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <Medal className="size-5 text-primary" aria-hidden />
          {t('home.weekLeaders')}
        </CardTitle>
        <Link to="/acm-rank" className="text-sm text-primary hover:underline">
          {t('home.fullRank')}
        </Link>
      </CardHeader>
      <CardContent>
        {leaders.isPending && <Skeleton className="h-32 w-full" />}
        {leaders.data?.length === 0 && (
          <p className="text-sm text-muted-foreground" data-testid="home-leaders-empty">
            {t('home.noLeaders')}
          </p>
        )}
        {!!leaders.data?.length && (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="w-12">#</TableHead>
                <TableHead>{t('ranks.user')}</TableHead>
                <TableHead className="w-16 text-right">{t('ranks.ac')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {leaders.data.map((u, i) => (
                <TableRow key={u.uid} data-testid="home-leader" data-username={u.username}>
                  <TableCell>
                    <span
                      className={cn(
                        'inline-grid size-6 place-items-center rounded-full text-xs font-semibold tabular-nums',
                        PLACE_CLASS[i] ?? 'text-muted-foreground',
                      )}
                    >
                      {i + 1}
                    </span>
                  </TableCell>
                  <TableCell className="max-w-[12rem]">
                    <RankUser user={u} />
                  </TableCell>
                  <TableCell className="text-right font-semibold tabular-nums" data-testid="home-leader-ac">
                    {u.ac}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
