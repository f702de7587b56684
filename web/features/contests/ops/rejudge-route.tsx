import { useMutation, useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ContestProblemVO } from '@/shared/api/contest-types';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { EmptyRow } from '@/web/components/paged-table';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { api } from '@/web/lib/api';
import { AdminTab } from './parts';

/**
 * Rejudge (super admins): the contest's problems with their AC and total counts, each with a
 * 'Rejudge All' that first asks, then sends every submission of that problem in the contest back to
 * the judge queue.
 */
export function Component() {
  return (
    <AdminTab titleKey="contestDesk.tabRejudge" superAdminOnly>
      {(contest) => <Rejudge cid={contest.id} />}
    </AdminTab>
  );
}

function Rejudge({ cid }: { cid: number }) {
  const { t } = useTranslation();
  const problems = useQuery({
    queryKey: ['contests', cid, 'ops', 'rejudge-problems'],
    queryFn: () => api.getContestProblems(cid, true),
  });
  const rejudge = useMutation({
    mutationFn: (p: ContestProblemVO) => api.adminRejudgeContestProblem({ cid, pid: p.pid }),
    onSuccess: (msg) => {
      toast.success(msg || t('contestDesk.rejudged'));
      void problems.refetch();
    },
  });

  return (
    <TitledCard title={t('contestDesk.tabRejudge')} testId="contest-rejudge">
      {!problems.data ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <Table data-testid="rejudge-table" className="min-w-[32rem]">
          <TableHeader>
            <TableRow>
              <TableHead className="w-16">{t('contestDesk.colId')}</TableHead>
              <TableHead className="w-24">{t('contestDesk.colProblemId')}</TableHead>
              <TableHead>{t('contestDesk.colTitle')}</TableHead>
              <TableHead className="w-16">{t('contestDesk.colAc')}</TableHead>
              <TableHead className="w-16">{t('contestDesk.colTotal')}</TableHead>
              <TableHead className="text-right">{t('contestDesk.colActions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {problems.data.length === 0 && <EmptyRow colSpan={6} text={t('contestDesk.rejudgeEmpty')} />}
            {problems.data.map((p) => (
              <TableRow key={p.id} data-testid={`rejudge-row-${p.displayId}`}>
                <TableCell>{p.pid}</TableCell>
                <TableCell className="font-medium">{p.displayId}</TableCell>
                <TableCell className="max-w-72 truncate">{p.displayTitle}</TableCell>
                <TableCell>{p.ac}</TableCell>
                <TableCell>{p.total}</TableCell>
                <TableCell className="text-right">
                  <ConfirmDialog
                    title={t('contestDesk.rejudgeConfirm')}
                    description={`${p.displayId} · ${p.displayTitle}`}
                    confirmLabel={t('contestDesk.rejudgeAll')}
                    onConfirm={() => rejudge.mutate(p)}
                    trigger={
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={rejudge.isPending && rejudge.variables?.id === p.id}
                        data-testid={`rejudge-all-${p.displayId}`}
                      >
                        <RotateCcw />
                        {t('contestDesk.rejudgeAll')}
                      </Button>
                    }
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </TitledCard>
  );
}
