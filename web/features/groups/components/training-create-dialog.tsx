import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TrainingAuth, type TrainingAuthValue } from '@/shared/constants/trainings';
import { FormField } from '@/web/components/form-field';
import { SubmitButton } from '@/web/components/pending-button';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { api } from '@/web/lib/api';
import type { ContentActions } from '../content-api';

/**
 * A group admin's new training (HOJ's group Training form, kept simple): title, introduction
 * (Markdown), category, access and the password of a private one. The server checks it with the
 * console's rules and says what it refuses; problems are added from the list afterwards.
 */
export function TrainingCreateDialog({
  gid,
  actions,
  open,
  onOpenChange,
}: {
  gid: number;
  actions: ContentActions;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const categories = useQuery({
    queryKey: ['trainings', 'categories'],
    queryFn: () => api.getTrainingCategories(),
    staleTime: 5 * 60_000,
  });
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [auth, setAuth] = useState<TrainingAuthValue>(TrainingAuth.PUBLIC);
  const [password, setPassword] = useState('');
  const [category, setCategory] = useState('');
  useEffect(() => {
    if (!open) return;
    setTitle('');
    setDescription('');
    setAuth(TrainingAuth.PUBLIC);
    setPassword('');
  }, [open]);
  const categoryId = category || String(categories.data?.[0]?.id ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actions.addTraining.mutate(
      {
        training: {
          title: title.trim(),
          description,
          auth,
          rank: 1000,
          status: true,
          gid,
          ...(auth === TrainingAuth.PRIVATE ? { privatePwd: password } : {}),
        },
        trainingCategory: { id: Number(categoryId) },
      },
      {
        onSuccess: () => {
          toast.success(t('web.group.content.trainingCreated'));
          onOpenChange(false);
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('common.cancel')}
        className="sm:max-w-xl"
        data-testid="group-training-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t('web.group.content.newTraining')}</DialogTitle>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField id="gt-title" label={t('web.group.content.title')}>
            <Input id="gt-title" value={title} onChange={(e) => setTitle(e.target.value)} />
          </FormField>
          <FormField id="gt-description" label={t('web.group.content.description')}>
            <Textarea
              id="gt-description"
              rows={4}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="gt-category" label={t('web.group.content.category')}>
              <Select value={categoryId} onValueChange={setCategory}>
                <SelectTrigger id="gt-category" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {(categories.data ?? []).map((c) => (
                    <SelectItem key={c.id} value={String(c.id)}>
                      {c.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            <FormField id="gt-auth" label={t('web.group.content.access')}>
              <Select value={auth} onValueChange={(v) => setAuth(v as TrainingAuthValue)}>
                <SelectTrigger id="gt-auth" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={TrainingAuth.PUBLIC}>{t('training.page.auth.Public')}</SelectItem>
                  <SelectItem value={TrainingAuth.PRIVATE}>{t('training.page.auth.Private')}</SelectItem>
                </SelectContent>
              </Select>
            </FormField>
          </div>
          {auth === TrainingAuth.PRIVATE && (
            <FormField id="gt-password" label={t('web.group.content.password')}>
              <Input
                id="gt-password"
                value={password}
                autoComplete="off"
                onChange={(e) => setPassword(e.target.value)}
              />
            </FormField>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <SubmitButton pending={actions.addTraining.isPending} data-testid="gt-save">
              {t('web.group.content.create')}
            </SubmitButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
