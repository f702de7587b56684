import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SubmitButton } from '@/web/components/pending-button';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { useCreateGroup } from '../api';
import { groupPath } from '../lib';
import { GroupFields, groupBody, groupFormValues, useGroupForm } from './group-form';

/**
 * HOJ's "Create group" dialog (full screen on a phone): the form checked with the server's schema,
 * then the new group opens. The server also applies the site's rules (accepted problems, daily and
 * total limits) and says why when it refuses.
 */
export function CreateGroupDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateGroup();
  const form = useGroupForm(groupFormValues());
  useEffect(() => {
    if (open) form.reset(groupFormValues());
  }, [open, form]);

  const save = form.handleSubmit((values) =>
    create.mutate(groupBody(values), {
      onSuccess: (group) => {
        toast.success(t('web.group.created'));
        onOpenChange(false);
        navigate(groupPath(group.id));
      },
    }),
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('common.cancel')}
        className="max-h-[100dvh] max-w-full overflow-y-auto max-sm:h-[100dvh] max-sm:rounded-none sm:max-h-[90vh] sm:max-w-2xl"
        data-testid="group-create-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t('web.group.create')}</DialogTitle>
        </DialogHeader>
        <form onSubmit={save} noValidate className="grid min-w-0 gap-4">
          <GroupFields form={form} prefix="group-create" />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <SubmitButton pending={create.isPending} data-testid="group-create-save">
              {t('web.group.form.create')}
            </SubmitButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
