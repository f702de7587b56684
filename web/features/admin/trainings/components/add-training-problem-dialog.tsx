import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorText } from '@/shared/api/error-message';
import type { Problem } from '@/shared/api/types';
import { TRAINING_LIMITS } from '@/shared/constants/trainings';
import { Pagination } from '@/web/components/pagination';
import { PendingButton } from '@/web/components/pending-button';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { Skeleton } from '@/web/components/ui/skeleton';
import { KeywordSearch } from '../../components/keyword-search';
import { useTrainingCandidates, useTrainingProblemEdits } from '../api';

/** A public problem the training could take; it joins at the end, under its own display id (HOJ). */
function Candidate({ tid, problem }: { tid: number; problem: Problem }) {
  const { t } = useTranslation();
  const { add } = useTrainingProblemEdits(tid);
  const id = `training-candidate-${problem.id}`;
  return (
    <li className="grid gap-2 py-2.5" data-testid={id} data-problem-id={problem.problemId}>
      <div className="flex flex-wrap items-center gap-2">
        <div className="min-w-0 flex-1 basis-48">
          <span className="mr-2 font-mono text-xs text-muted-foreground">{problem.problemId}</span>
          <span className="font-medium break-words">{problem.title}</span>
          <span className="ml-2 text-xs text-muted-foreground">{problem.author}</span>
        </div>
        <PendingButton
          size="sm"
          pending={add.isPending}
          onClick={() =>
            add.mutate(
              { tid, pid: problem.id },
              {
                onSuccess: () =>
                  toast.success(t('trainingAdmin.problems.added', { problemId: problem.problemId })),
              },
            )
          }
          data-testid={`${id}-add`}
        >
          <Plus />
          {t('trainingAdmin.problems.add')}
        </PendingButton>
      </div>
      {add.isError && (
        <p role="alert" className="text-sm text-destructive">
          {apiErrorText(add.error, t)}
        </p>
      )}
    </li>
  );
}

/** HOJ's "add from the public problem list": searchable public problems the training does not hold yet. */
export function AddTrainingProblemDialog({ tid }: { tid: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const candidates = useTrainingCandidates(tid, keyword, page);
  const list = candidates.data?.problemList;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" data-testid="training-problem-add-from-list">
          <Plus />
          {t('trainingAdmin.problems.addFromList')}
        </Button>
      </DialogTrigger>
      <DialogContent
        closeLabel={t('common.close')}
        className="flex max-h-[calc(100dvh-2rem)] flex-col sm:max-w-2xl"
        data-testid="training-add-problem-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t('trainingAdmin.problems.addFromList')}</DialogTitle>
          <DialogDescription>{t('trainingAdmin.problems.addFromListHint')}</DialogDescription>
        </DialogHeader>
        <KeywordSearch
          keyword={keyword}
          label={t('trainingAdmin.problems.candidateSearch')}
          placeholder={t('trainingAdmin.problems.candidateSearchPlaceholder')}
          testId="training-candidate-search"
          onSearch={(k) => {
            setKeyword(k);
            setPage(1);
          }}
        />
        <div className="min-h-0 flex-1 overflow-y-auto">
          {!list ? (
            <Skeleton className="h-40 w-full" />
          ) : list.records.length === 0 ? (
            <p
              className="py-6 text-center text-sm text-muted-foreground"
              data-testid="training-candidates-empty"
            >
              {t('trainingAdmin.problems.noCandidates')}
            </p>
          ) : (
            <ul className="divide-y" data-testid="training-candidates">
              {list.records.map((p) => (
                <Candidate key={p.id} tid={tid} problem={p} />
              ))}
            </ul>
          )}
        </div>
        {list && (
          <Pagination
            total={list.total}
            page={page}
            limit={TRAINING_LIMITS.candidatePageSize}
            onPageChange={setPage}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
