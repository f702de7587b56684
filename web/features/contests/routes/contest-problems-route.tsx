import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { ProblemStatusMark } from '@/web/features/problems';
import { useAuth } from '@/web/lib/auth';
import { useContestProblems, useContestUserStatus } from '../api';
import { useContestContext } from '../contest-context';

/** The Problem tab: the contest's problems by display id, with balloon colour, counts and the caller's mark. */
export function Component() {
  const { t } = useTranslation();
  const { contest, base, containsEnd } = useContestContext();
  const uid = useAuth((s) => s.userInfo?.uid ?? null);
  const problems = useContestProblems(contest.id, containsEnd);
  const pids = useMemo(() => (problems.data ?? []).map((p) => p.pid), [problems.data]);
  const statuses = useContestUserStatus(contest.id, uid, pids, containsEnd);
  return (
    <Table data-testid="contest-problems">
      <TableHeader>
        <TableRow>
          <TableHead className="w-10" aria-label={t('contestPage.problems.mine')} />
          <TableHead className="w-20">{t('contestPage.problems.id')}</TableHead>
          <TableHead>{t('contestPage.problems.title')}</TableHead>
          <TableHead className="w-36 text-right">{t('contestPage.problems.acTotal')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {problems.isPending &&
          Array.from({ length: 4 }, (_, i) => (
            <TableRow key={i}>
              <TableCell colSpan={4}>
                <Skeleton className="h-5 w-full" />
              </TableCell>
            </TableRow>
          ))}
        {problems.data?.map((p) => {
          const mine = statuses.data?.[String(p.pid)];
          const rate = p.total > 0 ? ((p.ac / p.total) * 100).toFixed(2) : '0.00';
          return (
            <TableRow key={p.id} data-testid="contest-problem-row">
              <TableCell>
                {mine && <ProblemStatusMark status={mine.status} problemId={p.displayId} />}
              </TableCell>
              <TableCell>
                <span className="inline-flex items-center gap-2 font-mono font-semibold">
                  <span
                    aria-hidden
                    className="size-3 rounded-full border"
                    style={{ backgroundColor: p.color ?? 'transparent' }}
                  />
                  {p.displayId}
                </span>
              </TableCell>
              <TableCell>
                <Link
                  to={`${base}/problem/${encodeURIComponent(p.displayId)}`}
                  className="font-medium hover:underline"
                  data-testid="contest-problem-link"
                >
                  {p.displayTitle}
                </Link>
              </TableCell>
              <TableCell className="text-right tabular-nums" title={`${rate}%`}>
                {p.ac} / {p.total}
              </TableCell>
            </TableRow>
          );
        })}
        {problems.data?.length === 0 && (
          <TableRow>
            <TableCell colSpan={4} className="py-10 text-center text-muted-foreground">
              {t('common.noData')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
