import { Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { PendingButton, SubmitButton } from '@/web/components/pending-button';
import { TitledCard } from '@/web/components/titled-card';
import { GroupFields, groupBody, groupFormValues, useGroupForm } from '../components/group-form';
import { GroupGate } from '../components/group-gate';
import { LockedNotice } from '../components/locked-notice';
import { useGroupContext } from '../group-context';
import { useDeleteGroup, useUpdateGroup } from '../mutations';

/**
 * The Settings tab (HOJ's GroupSetting): a group root edits the group (the same form and rules as
 * creating one); the owner and the site's root also disband it.
 */
function GroupSettings() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { group, gid, standing } = useGroupContext();
  const update = useUpdateGroup(gid);
  const remove = useDeleteGroup(gid);
  const form = useGroupForm(groupFormValues(group));
  useEffect(() => form.reset(groupFormValues(group)), [group, form]);
  if (!standing.root) return <LockedNotice gid={gid} />;
  const save = form.handleSubmit((values) =>
    update.mutate(
      { id: gid, ...groupBody(values) },
      { onSuccess: () => toast.success(t('web.group.saved')) },
    ),
  );
  return (
    <div className="grid gap-4">
      <TitledCard title={t('web.group.settings.title')} testId="group-settings">
        <form onSubmit={save} noValidate className="grid min-w-0 gap-4">
          <GroupFields form={form} prefix="group-edit" />
          <SubmitButton className="w-fit" pending={update.isPending} data-testid="group-edit-save">
            {t('web.group.settings.save')}
          </SubmitButton>
        </form>
      </TitledCard>
      {(standing.isOwner || standing.isSiteRoot) && (
        <TitledCard title={t('web.group.settings.danger')} testId="group-danger">
          <p className="text-sm text-muted-foreground">{t('web.group.settings.disbandExplain')}</p>
          <ConfirmDialog
            title={t('web.group.settings.disbandConfirm', { name: group.name })}
            description={t('web.group.settings.disbandExplain')}
            confirmLabel={t('web.group.settings.disband')}
            destructive
            testId="group-disband-confirm"
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  toast.success(t('web.group.settings.disbanded'));
                  navigate('/group', { replace: true });
                },
              })
            }
            trigger={
              <PendingButton
                variant="outline"
                className="w-fit border-destructive/60 text-destructive hover:bg-destructive/10 hover:text-destructive"
                pending={remove.isPending}
                data-testid="group-disband"
              >
                <Trash2 />
                {t('web.group.settings.disband')}
              </PendingButton>
            }
          />
        </TitledCard>
      )}
    </div>
  );
}

export function Component() {
  return (
    <GroupGate>
      <GroupSettings />
    </GroupGate>
  );
}
