import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAcRate } from '@/shared/format';
import { PagedTable } from '@/web/components/paged-table';
import { TableCell, TableRow } from '@/web/components/ui/table';
import { DifficultyBadge, ProblemStatusMark, TagList } from '@/web/features/problems';
import { groupProblemPath } from '../lib';
import { useGroupProblems } from '../problem-api';

const PAGE_SIZE = 10;

/**
 * The group's problems as its members see them (HOJ's GroupProblemList): the caller's mark, id,
 * title to the problem's page inside the group, tags, level, AC rate.
 */
export function GroupProblemTable({ gid, loggedIn }: { gid: number; loggedIn: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useGroupProblems(gid, page, PAGE_SIZE, true);
  return (
    <PagedTable
      data={list.data}
      testId="group-problem-table"
      columns={[
        ...(loggedIn
          ? [{ label: <span className="sr-only">{t('problemPage.list.myStatus')}</span>, className: 'w-10' }]
          : []),
        { label: t('problemPage.list.id'), className: 'w-32' },
        { label: t('problemPage.list.problemTitle') },
        { label: t('problemPage.list.tags'), className: 'hidden md:table-cell' },
        { label: t('problemPage.list.difficulty'), className: 'hidden sm:table-cell w-28' },
        { label: t('problemPage.list.acRate'), className: 'w-24 text-right' },
      ]}
      empty={{ text: t('web.group.problem.empty'), testId: 'group-problem-empty' }}
      page={page}
      limit={PAGE_SIZE}
      onPageChange={setPage}
      row={(p) => (
        <TableRow key={p.pid} data-testid="group-problem-row" data-problem-id={p.problemId}>
          {loggedIn && (
            <TableCell>
              <ProblemStatusMark problemId={p.problemId} status={p.myStatus} />
            </TableCell>
          )}
          <TableCell className="font-mono text-muted-foreground">{p.problemId}</TableCell>
          <TableCell className="max-w-[22rem] truncate">
            <Link
              to={groupProblemPath(gid, p.problemId)}
              className="font-medium text-primary hover:underline"
              data-testid={`group-problem-link-${p.problemId}`}
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
      )}
    />
  );
}
