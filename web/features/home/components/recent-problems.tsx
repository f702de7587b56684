import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/shared/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { useRecentProblems } from '../api';
import { timeAgo } from './time-text';

/** HOJ's latest problems: the public problems changed last, with when. */
export function RecentProblems() {
  const { t } = useTranslation();
  const problems = useRecentProblems();
  return (
    <Card className="min-w-0" data-testid="home-problems">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-5 text-primary" aria-hidden />
          {t('home.recentProblems')}
        </CardTitle>
        <Link to="/problem" className="text-sm text-primary hover:underline">
          {t('home.allProblems')}
        </Link>
      </CardHeader>
      <CardContent>
        {problems.isPending && <Skeleton className="h-32 w-full" />}
        {problems.data?.length === 0 && <p className="text-sm text-muted-foreground">{t('common.noData')}</p>}
        {!!problems.data?.length && (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="w-24">{t('home.problemId')}</TableHead>
                <TableHead>{t('home.problemTitle')}</TableHead>
                <TableHead className="w-28 text-right">{t('home.updated')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {problems.data.map((p) => (
                <TableRow key={p.id} data-testid="home-problem" data-problem-id={p.problemId}>
                  <TableCell className="font-mono text-muted-foreground">{p.problemId}</TableCell>
                  <TableCell className="max-w-[14rem] truncate sm:max-w-[22rem]">
                    <Link
                      to={`/problem/${encodeURIComponent(p.problemId)}`}
                      className="font-medium text-primary hover:underline"
                    >
                      {p.title}
                    </Link>
                  </TableCell>
                  <TableCell className="text-right text-xs text-muted-foreground">
                    <time dateTime={p.gmtModified} title={formatDateTime(p.gmtModified)}>
                      {timeAgo(p.gmtModified, t)}
                    </time>
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
