import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorText } from '@/shared/api/error-message';
import type { GroupAdminProblem } from '@/shared/api/group-problem-types';
import { groupContestProblemFromGroupQuery } from '@/shared/schemas/group-content';
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
import { api } from '@/web/lib/api';
import { nextDisplayId } from '../contests/lib/display-id';

const PAGE_SIZE = 8;

/** The group's problems, every visibility (its admins' list), a page at a time. */
function useGroupProblemPage(gid: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['groups', gid, 'problem-picker', page],
    queryFn: () => api.getGroupAdminProblemList({ gid, currentPage: page, limit: PAGE_SIZE }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The dialog around the group's problems: each row brings its own Add. */
function PickerDialog({
  gid,
  testId,
  row,
}: {
  gid: number;
  testId: string;
  row(problem: GroupAdminProblem): ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const list = useGroupProblemPage(gid, page, open);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" data-testid={`${testId}-open`}>
          <Plus />
          {t('groupEditor.fromGroup.title')}
        </Button>
      </DialogTrigger>
      <DialogContent
        closeLabel={t('common.close')}
        className="flex max-h-[calc(100dvh-2rem)] flex-col sm:max-w-2xl"
        data-testid={testId}
      >
        <DialogHeader>
          <DialogTitle>{t('groupEditor.fromGroup.title')}</DialogTitle>
          <DialogDescription>{t('groupEditor.fromGroup.hint')}</DialogDescription>
        </DialogHeader>
        <div className="min-h-0 flex-1 overflow-y-auto">
          {list.error ? (
            <p className="text-sm text-muted-foreground">{apiErrorText(list.error, t)}</p>
          ) : !list.data ? (
            <Skeleton className="h-40 w-full" />
          ) : list.data.records.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground" data-testid={`${testId}-empty`}>
              {t('groupEditor.fromGroup.empty')}
            </p>
          ) : (
            <ul className="divide-y">{list.data.records.map(row)}</ul>
          )}
        </div>
        {list.data && (
          <Pagination total={list.data.total} page={page} limit={PAGE_SIZE} onPageChange={setPage} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ProblemName({ problem }: { problem: GroupAdminProblem }) {
  return (
    <div className="min-w-0 flex-1 basis-48">
      <span className="mr-2 font-mono text-xs text-muted-foreground">{problem.problemId}</span>
      <span className="font-medium break-words">{problem.title}</span>
    </div>
  );
}

/** HOJ's "add from the group's problems" for a training: a problem joins at the end under its own id. */
function TrainingCandidate({ gid, tid, problem }: { gid: number; tid: number; problem: GroupAdminProblem }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const add = useMutation({
    mutationFn: () => api.addGroupTrainingProblemFromGroup({ problemId: problem.problemId, tid }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['groups', gid] });
      void client.invalidateQueries({ queryKey: ['trainings'] });
      toast.success(t('trainingAdmin.problems.added', { problemId: problem.problemId }));
    },
  });
  const id = `group-candidate-${problem.id}`;
  return (
    <li className="grid gap-2 py-2.5" data-testid={id} data-problem-id={problem.problemId}>
      <div className="flex flex-wrap items-center gap-2">
        <ProblemName problem={problem} />
        <PendingButton
          size="sm"
          pending={add.isPending}
          onClick={() => add.mutate()}
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

export function AddGroupTrainingProblems({ gid, tid }: { gid: number; tid: number }) {
  return (
    <PickerDialog
      gid={gid}
      testId="group-training-picker"
      row={(problem) => <TrainingCandidate key={problem.id} gid={gid} tid={tid} problem={problem} />}
    />
  );
}

/** A problem of the group for a contest, with the display id it will take (the next free one). */
function ContestCandidate({
  gid,
  cid,
  problem,
  suggested,
}: {
  gid: number;
  cid: number;
  problem: GroupAdminProblem;
  suggested: string;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [typed, setTyped] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const displayId = typed ?? suggested;
  const add = useMutation({
    mutationFn: (label: string) =>
      api.addGroupContestProblemFromGroup({ problemId: problem.problemId, cid, displayId: label }),
    onSuccess: (_, label) => {
      void client.invalidateQueries({ queryKey: ['groups', gid] });
      void client.invalidateQueries({ queryKey: ['contests', cid] });
      setTyped(null);
      toast.success(t('admin.contest.problemAdded', { displayId: label }));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const checked = groupContestProblemFromGroupQuery.shape.displayId.safeParse(displayId);
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? null);
      return;
    }
    setInvalid(null);
    add.mutate(checked.data);
  };
  const id = `group-candidate-${problem.id}`;
  const error = invalid ? t(invalid) : add.isError ? apiErrorText(add.error, t) : null;
  return (
    <li className="grid gap-2 py-2.5" data-testid={id} data-problem-id={problem.problemId}>
      <div className="flex flex-wrap items-center gap-2">
        <ProblemName problem={problem} />
        <form className="flex items-center gap-2" noValidate onSubmit={submit}>
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

export function AddGroupContestProblems({
  gid,
  cid,
  taken,
}: {
  gid: number;
  cid: number;
  taken: readonly string[];
}) {
  const suggested = nextDisplayId(taken);
  return (
    <PickerDialog
      gid={gid}
      testId="group-contest-picker"
      row={(problem) => (
        <ContestCandidate key={problem.id} gid={gid} cid={cid} problem={problem} suggested={suggested} />
      )}
    />
  );
}
