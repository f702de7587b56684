import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAcRate } from '@/shared/format';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { DifficultyBadge, ProblemStatusMark, TagList } from '@/web/features/problems';
import { useTrainingMarks, useTrainingProblems } from '../api';
import { LockedNotice } from '../components/locked-notice';
import { trainingProblemPath } from '../lib';
import { useTrainingContext } from '../training-context';

/**
 * The Problems tab (HOJ's TrainingProblemList): the problems in the training's order with the
 * caller's marks, level, tags and accepted rate; a problem opens inside the training.
 */
export function Component() {
  const { t } = useTranslation();
  const { training, uid, access } = useTrainingContext();
  const problems = useTrainingProblems(training.id, uid ?? '', access);
  const pids = useMemo(() => (problems.data ?? []).map((p) => p.pid), [problems.data]);
  const marks = useTrainingMarks(training.id, uid, pids);
  if (!access) return <LockedNotice tid={training.id} />;
  return (
    <div className="rounded-lg border bg-card">
      <Table data-testid="training-problem-table">
        <TableHeader>
          <TableRow>
            {uid && (
              <TableHead className="w-10">
                <span className="sr-only">{t('problemPage.list.myStatus')}</span>
              </TableHead>
            )}
            <TableHead className="w-24">{t('problemPage.list.id')}</TableHead>
            <TableHead>{t('problemPage.list.problemTitle')}</TableHead>
            <TableHead className="hidden md:table-cell">{t('problemPage.list.tags')}</TableHead>
            <TableHead className="hidden w-28 sm:table-cell">{t('problemPage.list.difficulty')}</TableHead>
            <TableHead className="w-24 text-right">{t('problemPage.list.acRate')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {!problems.data &&
            Array.from({ length: 3 }, (_, i) => (
              <TableRow key={i}>
                <TableCell colSpan={uid ? 6 : 5}>
                  <Skeleton className="h-4 w-full" />
                </TableCell>
              </TableRow>
            ))}
          {problems.data?.map((p) => (
            <TableRow key={p.pid} data-testid="training-problem-row" data-problem-id={p.problemId}>
              {uid && (
                <TableCell>
                  <ProblemStatusMark problemId={p.problemId} status={marks.data?.[String(p.pid)]?.status} />
                </TableCell>
              )}
              <TableCell className="font-mono text-muted-foreground">{p.problemId}</TableCell>
              <TableCell className="max-w-[22rem] whitespace-normal">
                <Link
                  to={trainingProblemPath(training.id, p.problemId)}
                  className="font-medium break-words text-primary hover:underline"
                  data-testid={`training-problem-link-${p.problemId}`}
                >
                  {p.title}
                </Link>
              </TableCell>
              <TableCell className="hidden md:table-cell">
                <TagList tags={p.tags} />
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <DifficultyBadge level={p.difficulty} />
              </TableCell>
              <TableCell className="text-right tabular-nums" title={`${p.ac} / ${p.total}`}>
                {formatAcRate(p.ac, p.total)}
              </TableCell>
            </TableRow>
          ))}
          {problems.data?.length === 0 && (
            <TableRow>
              <TableCell
                colSpan={uid ? 6 : 5}
                className="py-10 text-center text-muted-foreground"
                data-testid="training-problems-empty"
              >
                {t('training.page.noProblems')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
