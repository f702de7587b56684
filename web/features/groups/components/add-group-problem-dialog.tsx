import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/**
 * HOJ's "add from the group's problems": a problem of the group by its id, and for a contest the
 * label it shows under (A, B ...). The caller adds it; the dialog stays open for the next one.
 */
export function AddGroupProblemDialog({
  title,
  withLabel,
  open,
  pending,
  onOpenChange,
  onAdd,
}: {
  title: string;
  withLabel: boolean;
  open: boolean;
  pending: boolean;
  onOpenChange(open: boolean): void;
  onAdd(problemId: string, displayId: string, done: () => void): void;
}) {
  const { t } = useTranslation();
  const [problemId, setProblemId] = useState('');
  const [displayId, setDisplayId] = useState('');
  useEffect(() => {
    if (!open) return;
    setProblemId('');
    setDisplayId('');
  }, [open]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!problemId.trim() || (withLabel && !displayId.trim())) return;
    onAdd(problemId.trim(), displayId.trim(), () => {
      setProblemId('');
      setDisplayId('');
    });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')} data-testid="group-add-problem-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{t('web.group.content.addProblemExplain')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField id="group-add-problem-id" label={t('web.group.problem.id')}>
            <Input
              id="group-add-problem-id"
              value={problemId}
              onChange={(e) => setProblemId(e.target.value)}
            />
          </FormField>
          {withLabel && (
            <FormField id="group-add-problem-label" label={t('web.group.content.displayId')}>
              <Input
                id="group-add-problem-label"
                value={displayId}
                maxLength={10}
                onChange={(e) => setDisplayId(e.target.value)}
              />
            </FormField>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common.close')}
            </Button>
            <SubmitButton pending={pending} data-testid="group-add-problem-save">
              {t('web.group.content.add')}
            </SubmitButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
