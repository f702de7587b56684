import { ArrowDown, ArrowUp, EyeOff, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrainingProblemRow as Link } from '@/shared/api/training-types';
import type { Problem } from '@/shared/api/types';
import { TRAINING_LIMITS } from '@/shared/constants/trainings';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { useTrainingEditorScope } from '../api';

/** Columns of a row, shared with the list's header (on wide screens). */
export const ROW_GRID = 'lg:grid-cols-[4.5rem_6rem_minmax(0,1fr)_7rem_auto]';

/**
 * One problem of the training in the console: its place (moved up or down, or given an order number
 * as HOJ's console does), display id, title, whether the site hides it, and Remove.
 */
export function TrainingProblemRow({
  problem,
  link,
  first,
  last,
  busy,
  onMove,
  onRank,
  onRemove,
}: {
  problem: Problem;
  link: Link;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove(step: -1 | 1): void;
  onRank(rank: number): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const [rank, setRank] = useState<string | null>(null);
  const hidden = useTrainingEditorScope().isHidden(problem);
  const commit = (e?: FormEvent) => {
    e?.preventDefault();
    if (rank === null) return;
    const value = Number(rank);
    setRank(null);
    if (Number.isInteger(value) && value >= 0 && value <= TRAINING_LIMITS.rankMax && value !== link.rank)
      onRank(value);
  };
  return (
    <li
      className={`grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 border-b py-2.5 lg:grid ${ROW_GRID}`}
      data-testid={`training-problem-${problem.problemId}`}
      data-rank={link.rank}
    >
      <form onSubmit={commit} className="row-span-2 lg:row-span-1">
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          className="h-8 w-16 tabular-nums"
          value={rank ?? String(link.rank)}
          onChange={(e) => setRank(e.target.value)}
          onBlur={() => commit()}
          aria-label={t('trainingAdmin.problems.rankOf', { problemId: problem.problemId })}
          data-testid={`training-problem-rank-${problem.problemId}`}
        />
      </form>
      <span className="font-mono text-sm text-muted-foreground">{link.displayId}</span>
      <span className="col-start-2 min-w-0 break-words lg:col-start-auto">
        <span className="font-medium">{problem.title}</span>
      </span>
      <span className="col-start-2 lg:col-start-auto">
        {hidden && (
          <Badge variant="secondary" title={t('trainingAdmin.problems.hiddenHint')}>
            <EyeOff />
            {t('trainingAdmin.problems.hidden')}
          </Badge>
        )}
      </span>
      <span className="col-span-2 flex justify-end gap-1 lg:col-span-1">
        <Button
          variant="ghost"
          size="icon-sm"
          disabled={first || busy}
          onClick={() => onMove(-1)}
          aria-label={t('trainingAdmin.problems.moveUp', { problemId: problem.problemId })}
          data-testid={`training-problem-up-${problem.problemId}`}
        >
          <ArrowUp />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          disabled={last || busy}
          onClick={() => onMove(1)}
          aria-label={t('trainingAdmin.problems.moveDown', { problemId: problem.problemId })}
          data-testid={`training-problem-down-${problem.problemId}`}
        >
          <ArrowDown />
        </Button>
        <ConfirmDialog
          title={t('trainingAdmin.problems.removeConfirm', { problemId: problem.problemId })}
          description={t('trainingAdmin.problems.removeHint')}
          destructive
          confirmLabel={t('trainingAdmin.problems.remove')}
          onConfirm={onRemove}
          trigger={
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t('trainingAdmin.problems.removeOf', { problemId: problem.problemId })}
              data-testid={`training-problem-remove-${problem.problemId}`}
            >
              <X />
            </Button>
          }
        />
      </span>
    </li>
  );
}
