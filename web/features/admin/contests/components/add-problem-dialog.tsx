import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorText } from '@/shared/api/error-message';
import type { Problem } from '@/shared/api/types';
import type { ContestTypeValue } from '@/shared/constants/contests';
import { addContestProblemBody } from '@/shared/schemas/contests';
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
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { TYPE_LABEL } from '@/web/features/contests';
import { KeywordSearch } from '../../components/keyword-search';
import { CANDIDATE_PAGE_SIZE, useAddContestProblem, useCandidateProblems } from '../api';
import { nextDisplayId } from '../lib/display-id';

/** A problem the contest could take, with the display id it would get. */
function Candidate({ cid, problem, suggested }: { cid: number; problem: Problem; suggested: string }) {
  const { t } = useTranslation();
  const add = useAddContestProblem(cid);
  const [typed, setTyped] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const displayId = typed ?? suggested;
  const id = `candidate-${problem.id}`;
  const submit = () => {
    const checked = addContestProblemBody.shape.displayId.safeParse(displayId);
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? null);
      return;
    }
    setInvalid(null);
    add.mutate(
      { cid, pid: problem.id, displayId: checked.data },
      { onSuccess: () => toast.success(t('admin.contest.problemAdded', { displayId: checked.data })) },
    );
  };
  const error = invalid ? t(invalid) : add.isError ? apiErrorText(add.error, t) : null;
  return (
    <li className="grid gap-2 py-2.5" data-testid={id} data-problem-id={problem.problemId}>
      <div className="flex flex-wrap items-center gap-2">
        <div className="min-w-0 flex-1 basis-48">
          <span className="mr-2 font-mono text-xs text-muted-foreground">{problem.problemId}</span>
          <span className="font-medium break-words">{problem.title}</span>
        </div>
        <form
          className="flex items-center gap-2"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Input
            className="w-20 font-mono"
            aria-label={t('admin.contest.displayIdFor', { title: problem.title })}
            value={displayId}
            maxLength={20}
            onChange={(e) => setTyped(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
            data-testid={`${id}-display-id`}
          />
          <PendingButton type="submit" size="sm" pending={add.isPending} data-testid={`${id}-add`}>
            <Plus />
            {t('admin.contest.add')}
          </PendingButton>
        </form>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * Adds problems from the problem list: the problems of the contest's type it does not have yet
 * (private ones left out), searchable, each with the display id it will get (the next free one).
 */
export function AddProblemDialog({
  cid,
  type,
  taken,
}: {
  cid: number;
  type: ContestTypeValue;
  /** the display ids the contest uses */
  taken: readonly string[];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const candidates = useCandidateProblems(cid, type, keyword, page);
  const list = candidates.data?.problemList;
  const suggested = nextDisplayId(taken);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" data-testid="contest-problem-add-from-list">
          <Plus />
          {t('admin.contest.addFromList')}
        </Button>
      </DialogTrigger>
      <DialogContent
        closeLabel={t('common.close')}
        className="flex max-h-[calc(100dvh-2rem)] flex-col sm:max-w-2xl"
        data-testid="contest-add-problem-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t('admin.contest.addFromList')}</DialogTitle>
          <DialogDescription>
            {t('admin.contest.addFromListHint', { type: TYPE_LABEL[type] })}
          </DialogDescription>
        </DialogHeader>
        <KeywordSearch
          keyword={keyword}
          label={t('admin.contest.candidateSearch')}
          placeholder={t('admin.contest.candidateSearchPlaceholder')}
          testId="contest-candidate-search"
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
              data-testid="contest-candidates-empty"
            >
              {t('admin.contest.noCandidates')}
            </p>
          ) : (
            <ul className="divide-y" data-testid="contest-candidates">
              {list.records.map((p) => (
                <Candidate key={p.id} cid={cid} problem={p} suggested={suggested} />
              ))}
            </ul>
          )}
        </div>
        {list && (
          <Pagination total={list.total} page={page} limit={CANDIDATE_PAGE_SIZE} onPageChange={setPage} />
        )}
      </DialogContent>
    </Dialog>
  );
}
