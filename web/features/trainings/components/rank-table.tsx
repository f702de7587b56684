import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TrainingProblemItem, TrainingRankItem } from '@/shared/api/training-types';
import { statusInfo } from '@/shared/constants/judge-status';
import { cn } from '@/shared/lib/utils';
import { readableTextColor } from '@/web/components/lib/color';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { UserAvatar } from '@/web/components/user-avatar';
import { trainingProblemPath } from '../lib';

/** One problem's cell: the verdict's short name in its colour (named in full for screen readers), and the fastest accepted run. */
function Cell({ info }: { info: TrainingRankItem['submissionInfo'][string] | undefined }) {
  const { t } = useTranslation();
  if (!info) return null;
  const status = statusInfo(info.status);
  const name = t(`status.${status.key}`);
  return (
    <span className="grid justify-items-center leading-tight" title={name}>
      <span
        className="rounded px-1.5 text-xs font-semibold uppercase"
        style={{ backgroundColor: status.color, color: readableTextColor(status.color) }}
      >
        <span aria-hidden>{status.short}</span>
        <span className="sr-only">{name}</span>
      </span>
      {info.isAC && <span className="text-xs text-muted-foreground tabular-nums">{info.runTime ?? 0}ms</span>}
    </span>
  );
}

/**
 * HOJ's record list of a private training: place, user (avatar, name, school; the real name for the
 * training's managers), solved count with the total of fastest accepted runs, and a column per
 * problem. Wide boards scroll sideways inside the card; the caller's row is marked.
 */
export function RankTable({
  tid,
  rows,
  problems,
  uid,
}: {
  tid: number;
  rows: readonly TrainingRankItem[];
  problems: readonly TrainingProblemItem[];
  uid: string | null;
}) {
  const { t } = useTranslation();
  const withRealname = rows.some((r) => r.realname);
  return (
    <Table data-testid="training-rank-table" className="min-w-max">
      <TableHeader>
        <TableRow>
          <TableHead className="w-14 text-center">{t('training.page.rank.place')}</TableHead>
          <TableHead className="min-w-44">{t('training.page.rank.user')}</TableHead>
          {withRealname && <TableHead>{t('training.page.rank.realname')}</TableHead>}
          <TableHead className="text-center">{t('training.page.rank.solved')}</TableHead>
          {problems.map((p) => (
            <TableHead key={p.pid} className="min-w-16 text-center">
              <Link
                to={trainingProblemPath(tid, p.problemId)}
                className="font-mono hover:text-primary hover:underline"
                title={p.title}
              >
                {p.problemId}
              </Link>
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => {
          const own = r.uid === uid;
          return (
            <TableRow
              key={r.uid}
              className={cn(own && 'bg-primary/5')}
              data-testid="training-rank-row"
              data-username={r.username}
              data-own={own ? 'true' : undefined}
            >
              <TableCell className="text-center font-medium tabular-nums">{r.rank}</TableCell>
              <TableCell>
                <span className="flex min-w-0 items-center gap-2">
                  <UserAvatar src={r.avatar} name={r.username} loading="lazy" />
                  <span className="grid min-w-0">
                    <Link
                      to={`/user-home?username=${encodeURIComponent(r.username)}`}
                      className="truncate font-medium hover:underline"
                    >
                      {r.username}
                      {own && (
                        <span className="ml-1.5 text-xs text-primary">{t('training.page.rank.you')}</span>
                      )}
                    </Link>
                    {r.school && <span className="truncate text-xs text-muted-foreground">{r.school}</span>}
                  </span>
                </span>
              </TableCell>
              {withRealname && <TableCell className="text-sm">{r.realname ?? ''}</TableCell>}
              <TableCell className="text-center">
                <span className="grid leading-tight">
                  <span
                    className="font-semibold text-primary tabular-nums"
                    data-testid="training-rank-solved"
                  >
                    {r.ac}
                  </span>
                  <span className="text-xs text-muted-foreground tabular-nums">{r.totalRunTime}ms</span>
                </span>
              </TableCell>
              {problems.map((p) => (
                <TableCell
                  key={p.pid}
                  className="text-center"
                  data-testid={`training-rank-cell-${p.problemId}`}
                >
                  <Cell info={r.submissionInfo[p.problemId]} />
                </TableCell>
              ))}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
