import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { apiErrorText } from '@/shared/api/error-message';
import type { AdminTrainingDto } from '@/shared/api/training-types';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useAdminTrainingProblems, useTrainingEditorScope, useTrainingProblemEdits } from './api';
import { AddTrainingProblemDialog } from './components/add-training-problem-dialog';
import { ROW_GRID, TrainingProblemRow } from './components/training-problem-row';
import { TrainingScreen } from './components/training-screen';

function Problems({ dto }: { dto: AdminTrainingDto }) {
  const { t } = useTranslation();
  const tid = dto.training.id;
  const { AddProblems } = useTrainingEditorScope();
  const list = useAdminTrainingProblems(tid);
  const edits = useTrainingProblemEdits(tid);
  const map = list.data?.trainingProblemMap ?? {};
  // the server sends them in the training's order
  const rows = (list.data?.problemList.records ?? []).flatMap((problem) => {
    const link = map[String(problem.id)];
    return link ? [{ problem, link }] : [];
  });
  const moved = () => toast.success(t('trainingAdmin.updated'));
  /** renumbers the rows 0, 1, 2... in their new order; only rows whose number changes are sent */
  const move = (index: number, step: -1 | 1) => {
    const order = [...rows];
    const [row] = order.splice(index, 1);
    if (!row) return;
    order.splice(index + step, 0, row);
    const changes = order
      .map((r, i) => ({ id: r.link.id, tid, rank: i, was: r.link.rank }))
      .filter((r) => r.rank !== r.was)
      .map(({ id, rank }) => ({ id, tid, rank }));
    edits.move.mutate(changes, { onSuccess: moved });
  };

  return (
    <TitledCard
      title={t('trainingAdmin.problems.title')}
      testId="training-problems-admin"
      tools={
        <>
          {AddProblems && <AddProblems tid={tid} />}
          <AddTrainingProblemDialog tid={tid} />
          <Button size="sm" variant="outline" asChild>
            <Link to={`/training/${tid}/problems`} data-testid="training-open-site">
              <ExternalLink />
              {t('trainingAdmin.problems.openOnSite')}
            </Link>
          </Button>
        </>
      }
    >
      <p className="text-sm text-muted-foreground">{t('trainingAdmin.problems.orderHint')}</p>
      {list.error ? (
        <p className="text-muted-foreground">{apiErrorText(list.error, t)}</p>
      ) : !list.data ? (
        <Skeleton className="h-40 w-full" />
      ) : rows.length === 0 ? (
        <p
          className="py-6 text-center text-sm text-muted-foreground"
          data-testid="training-problems-admin-empty"
        >
          {t('trainingAdmin.problems.empty')}
        </p>
      ) : (
        <div>
          <div
            className={`hidden gap-3 border-b pb-2 text-sm font-medium text-muted-foreground lg:grid ${ROW_GRID}`}
            aria-hidden
          >
            <span>{t('trainingAdmin.problems.order')}</span>
            <span>{t('trainingAdmin.problems.displayId')}</span>
            <span>{t('trainingAdmin.problems.problem')}</span>
            <span />
            <span className="text-right">{t('admin.actions')}</span>
          </div>
          <ol data-testid="training-problem-list">
            {rows.map(({ problem, link }, i) => (
              <TrainingProblemRow
                key={link.id}
                problem={problem}
                link={link}
                first={i === 0}
                last={i === rows.length - 1}
                busy={edits.move.isPending}
                onMove={(step) => move(i, step)}
                onRank={(rank) => edits.move.mutate([{ id: link.id, tid, rank }], { onSuccess: moved })}
                onRemove={() =>
                  edits.remove.mutate(problem.id, {
                    onSuccess: () => toast.success(t('trainingAdmin.problemRemoved')),
                  })
                }
              />
            ))}
          </ol>
        </div>
      )}
    </TitledCard>
  );
}

/** /admin/training/:tid/problems: the training's problems in their order, added, moved and removed in place. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('trainingAdmin.problems.title'));
  return <TrainingScreen active="problems">{(dto) => <Problems dto={dto} />}</TrainingScreen>;
}
