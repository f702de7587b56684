import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AcmRankCell } from '@/shared/api/contest-rank-types';
import type { PenaltyModeValue } from '@/shared/constants/contests';
import { cn } from '@/shared/lib/utils';
import { acmCellKind, boardTime, scoreColour } from './board-format';

/** A problem of the board's header: display id, balloon colour, accepted/total when known. */
export interface BoardProblem {
  displayId: string;
  displayTitle: string;
  color: string | null;
  ac?: number;
  total?: number;
}

const TILE = 'flex h-11 min-w-[4.25rem] flex-col items-center justify-center rounded-md px-1 leading-tight';

const KIND_CLASS = {
  firstBlood: 'bg-emerald-800 text-white ring-2 ring-emerald-950/30 dark:bg-emerald-700',
  accepted: 'bg-green-500 text-white dark:bg-green-600',
  frozen: 'bg-sky-500 text-white dark:bg-sky-600',
  pending: 'bg-slate-300 text-slate-800 dark:bg-slate-600 dark:text-slate-100',
  rejected: 'bg-red-500 text-white dark:bg-red-600',
  none: '',
} as const;

/** One ACM cell, coloured as on ICPC boards: first blood, accepted, frozen "?", pending, rejected. */
export function AcmCell({
  cell,
  displayId,
  mode,
}: {
  cell: AcmRankCell | undefined;
  displayId: string;
  mode: PenaltyModeValue;
}) {
  const { t } = useTranslation();
  const kind = acmCellKind(cell);
  if (!cell || kind === 'none') {
    return <div className={TILE} data-testid={`board-cell-${displayId}`} data-kind="none" />;
  }
  let top = '';
  let bottom = '';
  let title = '';
  if (kind === 'firstBlood' || kind === 'accepted') {
    top = boardTime(cell.ACTime ?? 0, mode);
    bottom = t('contestBoard.tries', { count: cell.errorNum + 1 });
    title = kind === 'firstBlood' ? t('contestBoard.firstBlood') : t('contestBoard.accepted');
    if (cell.isAfterContest) title = t('contestBoard.afterContestAccepted');
  } else if (kind === 'frozen' || kind === 'pending') {
    top = '?';
    bottom = t('contestBoard.tries', { count: cell.errorNum + cell.tryNum });
    title =
      kind === 'frozen'
        ? t('contestBoard.frozenTitle', { errors: cell.errorNum, pending: cell.tryNum })
        : t('contestBoard.pendingTitle', { errors: cell.errorNum, pending: cell.tryNum });
  } else {
    top = '−';
    bottom = t('contestBoard.tries', { count: cell.errorNum });
    title = t('contestBoard.rejectedTitle', { count: cell.errorNum });
  }
  return (
    <div
      className={cn(TILE, KIND_CLASS[kind], cell.isAfterContest && 'opacity-60 outline-2 outline-dashed')}
      title={title}
      data-testid={`board-cell-${displayId}`}
      data-kind={kind}
    >
      <span className="font-semibold text-[0.8rem] tabular-nums">{top}</span>
      <span className="text-[0.7rem] opacity-90">{bottom}</span>
    </div>
  );
}

/** One OI cell: the counted score, coloured by its share of full marks, and the fastest accepted time. */
export function OiCell({
  score,
  timeMs,
  full,
  displayId,
}: {
  score: number | undefined;
  timeMs: number | undefined;
  full: number;
  displayId: string;
}) {
  const { t } = useTranslation();
  if (score === undefined)
    return <div className={TILE} data-testid={`board-cell-${displayId}`} data-kind="none" />;
  const colour = scoreColour(score, full);
  return (
    <div
      className={TILE}
      style={colour}
      title={t('contestBoard.scoreTitle', { score, full })}
      data-testid={`board-cell-${displayId}`}
      data-kind={score >= full ? 'full' : score > 0 ? 'partial' : 'zero'}
    >
      <span className="font-semibold text-[0.85rem] tabular-nums">{score}</span>
      {timeMs !== undefined && <span className="text-[0.7rem] opacity-80">{timeMs} ms</span>}
    </div>
  );
}

/** A problem's column header: balloon dot, display id (linked inside the contest), accepted/total. */
export function ProblemHead({ problem, href }: { problem: BoardProblem; href: string | null }) {
  const { t } = useTranslation();
  const id = (
    <span className="inline-flex items-center gap-1.5 font-semibold text-foreground">
      <span
        aria-hidden
        className="inline-block size-3 shrink-0 rounded-full border border-black/20"
        // a colour property: an admin's text here can never load an image
        style={{ backgroundColor: problem.color || 'transparent' }}
        data-testid="board-balloon"
      />
      {problem.displayId}
    </span>
  );
  return (
    <div className="flex flex-col items-center gap-0.5" title={problem.displayTitle}>
      {href ? (
        <Link to={href} className="hover:underline">
          {id}
        </Link>
      ) : (
        id
      )}
      {problem.ac !== undefined && problem.total !== undefined && (
        <span
          className="font-normal text-[0.7rem] text-muted-foreground tabular-nums"
          title={t('contestBoard.problemCountsTitle', { ac: problem.ac, total: problem.total })}
        >
          {problem.ac}/{problem.total}
        </span>
      )}
    </div>
  );
}
