import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ProblemAuth } from '@/shared/constants/problems';
import { PROBLEM_BOUNDS } from '@/shared/schemas/problem-admin';
import { FormField } from '@/web/components/form-field';
import { SubmitButton } from '@/web/components/pending-button';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { api } from '@/web/lib/api';
import { useGroupProblemActions } from '../problem-api';

interface Case {
  input: string;
  output: string;
}

interface Draft {
  problemId: string;
  title: string;
  timeLimit: string;
  memoryLimit: string;
  description: string;
  input: string;
  output: string;
  cases: Case[];
}

const EMPTY: Draft = {
  problemId: '',
  title: '',
  timeLimit: '1000',
  memoryLimit: '256',
  description: '',
  input: '',
  output: '',
  cases: [{ input: '', output: '' }],
};

/** HOJ's encoding of the samples shown with the statement. */
const examplesOf = (c: Case | undefined) =>
  c ? `<input>${c.input}</input><output>${c.output}</output>` : '';

/**
 * A group admin's new problem, in one simple form (the console's editor is for site admins): its id
 * (after the group's short name, which the server puts in front), title, limits, statement and
 * test cases typed in; the first case is also the sample. Every language is allowed. The server
 * checks everything again and says what it refuses.
 */
export function ProblemCreateDialog({
  gid,
  open,
  onOpenChange,
}: {
  gid: number;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const { create } = useGroupProblemActions(gid);
  const languages = useQuery({
    queryKey: ['languages'],
    queryFn: () => api.getLanguages(),
    staleTime: Infinity,
  });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setDraft(EMPTY);
      setError(null);
    }
  }, [open]);
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  const setCase = (i: number, changes: Partial<Case>) =>
    set({ cases: draft.cases.map((c, j) => (j === i ? { ...c, ...changes } : c)) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(draft.problemId.trim())) return setError('web.group.problem.idInvalid');
    if (!draft.title.trim()) return setError('web.group.problem.titleRequired');
    if (draft.cases.some((c) => !c.output.trim())) return setError('web.group.problem.caseRequired');
    setError(null);
    create.mutate(
      {
        problem: {
          problemId: draft.problemId.trim(),
          title: draft.title.trim(),
          timeLimit: Number(draft.timeLimit),
          memoryLimit: Number(draft.memoryLimit),
          description: draft.description,
          input: draft.input,
          output: draft.output,
          examples: examplesOf(draft.cases[0]),
          auth: ProblemAuth.PUBLIC,
          gid,
        },
        samples: draft.cases,
        isUploadTestCase: false,
        languages: (languages.data ?? []).map((l) => ({ name: l.name })),
        tags: [],
        codeTemplates: [],
      },
      {
        onSuccess: () => {
          toast.success(t('web.group.problem.created'));
          onOpenChange(false);
        },
      },
    );
  };
  const B = PROBLEM_BOUNDS;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('common.cancel')}
        className="max-h-[100dvh] max-w-full overflow-y-auto max-sm:h-[100dvh] max-sm:rounded-none sm:max-h-[90vh] sm:max-w-2xl"
        data-testid="group-problem-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t('web.group.problem.create')}</DialogTitle>
          <DialogDescription>{t('web.group.problem.createExplain')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
          <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
            <FormField id="gp-id" label={t('web.group.problem.id')}>
              <Input
                id="gp-id"
                value={draft.problemId}
                onChange={(e) => set({ problemId: e.target.value })}
              />
            </FormField>
            <FormField id="gp-title" label={t('web.group.problem.title')}>
              <Input id="gp-title" value={draft.title} onChange={(e) => set({ title: e.target.value })} />
            </FormField>
          </div>
          <div className="grid grid-cols-2 gap-4">
            <FormField id="gp-time" label={t('web.group.problem.timeLimit')}>
              <Input
                id="gp-time"
                type="number"
                min={B.timeLimitMs.min}
                max={B.timeLimitMs.max}
                value={draft.timeLimit}
                onChange={(e) => set({ timeLimit: e.target.value })}
              />
            </FormField>
            <FormField id="gp-memory" label={t('web.group.problem.memoryLimit')}>
              <Input
                id="gp-memory"
                type="number"
                min={B.memoryLimitMb.min}
                max={B.memoryLimitMb.max}
                value={draft.memoryLimit}
                onChange={(e) => set({ memoryLimit: e.target.value })}
              />
            </FormField>
          </div>
          {(['description', 'input', 'output'] as const).map((field) => (
            <FormField key={field} id={`gp-${field}`} label={t(`web.group.problem.${field}`)}>
              <Textarea
                id={`gp-${field}`}
                rows={field === 'description' ? 5 : 2}
                value={draft[field]}
                onChange={(e) => set({ [field]: e.target.value })}
              />
            </FormField>
          ))}
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-medium">{t('web.group.problem.cases')}</legend>
            {draft.cases.map((c, i) => (
              <div
                key={i}
                className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
              >
                <FormField id={`gp-case-in-${i}`} label={t('web.group.problem.caseInput', { n: i + 1 })}>
                  <Textarea
                    id={`gp-case-in-${i}`}
                    rows={2}
                    className="font-mono"
                    value={c.input}
                    onChange={(e) => setCase(i, { input: e.target.value })}
                  />
                </FormField>
                <FormField id={`gp-case-out-${i}`} label={t('web.group.problem.caseOutput', { n: i + 1 })}>
                  <Textarea
                    id={`gp-case-out-${i}`}
                    rows={2}
                    className="font-mono"
                    value={c.output}
                    onChange={(e) => setCase(i, { output: e.target.value })}
                  />
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  disabled={draft.cases.length === 1}
                  aria-label={t('web.group.problem.removeCase', { n: i + 1 })}
                  onClick={() => set({ cases: draft.cases.filter((_, j) => j !== i) })}
                >
                  <Trash2 />
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={() => set({ cases: [...draft.cases, { input: '', output: '' }] })}
              data-testid="gp-add-case"
            >
              <Plus />
              {t('web.group.problem.addCase')}
            </Button>
          </fieldset>
          {error && (
            <p role="alert" className="text-sm text-destructive" data-testid="gp-error">
              {t(error)}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <SubmitButton pending={create.isPending} data-testid="gp-save">
              {t('web.group.problem.save')}
            </SubmitButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
