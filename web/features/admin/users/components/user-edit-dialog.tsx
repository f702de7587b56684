import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AdminUser } from '@/shared/api/user-admin-types';
import { M } from '@/shared/schemas/forms';
import { FormField, InputField } from '@/web/components/form-field';
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
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { useEditUser } from '../api';
import { type Caller, mayGrantRole } from '../lib/access';
import { type EditValues, editResolver, editValuesOf, toEditBody } from '../lib/edit-form';
import { refusalText, showRefusal } from '../lib/error-text';
import { RoleField } from './role-field';

/** Server refusals that belong to one field, by their message key. */
const FIELD_REFUSALS: [key: string, field: keyof EditValues][] = [
  [M.usernameExists, 'username'],
  [M.emailExists, 'email'],
];

/**
 * Edits one account as HOJ's dialog does: names, e-mail, user type, ban, title and a new
 * password. Checked with the server's schema; a refusal shows beside its field, or under the form.
 */
export function UserEditDialog({
  user,
  caller,
  onClose,
}: {
  /** the account being edited; null: closed */
  user: AdminUser | null;
  caller: Caller;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        closeLabel={t('common.cancel')}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg"
        data-testid="user-edit-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t('admin.user.editTitle', { username: user?.username ?? '' })}</DialogTitle>
          <DialogDescription>{t('admin.user.editHint')}</DialogDescription>
        </DialogHeader>
        {user && <EditForm key={user.uid} user={user} caller={caller} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ user, caller, onClose }: { user: AdminUser; caller: Caller; onClose(): void }) {
  const { t } = useTranslation();
  const form = useForm<EditValues>({ resolver: editResolver(user), defaultValues: editValuesOf(user) });
  const { errors } = form.formState;
  const save = useEditUser();
  const [refusal, setRefusal] = useState('');
  const self = user.uid === caller.uid;
  const setNewPwd = form.watch('setNewPwd');
  const titleColor = form.watch('titleColor');
  useEffect(() => {
    if (!setNewPwd) form.clearErrors('password');
  }, [setNewPwd, form]);

  const onSubmit = form.handleSubmit((values) => {
    setRefusal('');
    save.mutate(toEditBody(user, values), {
      onSuccess: (res) => {
        toast.success(res.msg || t('admin.updated'));
        onClose();
      },
      onError: (error) => {
        showRefusal(error, t);
        const text = refusalText(error, t);
        const field = FIELD_REFUSALS.find(([key]) => t(key) === text);
        if (field) form.setError(field[1], { message: field[0] });
        else setRefusal(text);
      },
    });
  });

  const text = (name: 'username' | 'realname' | 'email' | 'titleName', label: string, type = 'text') => (
    <InputField
      id={`user-${name}`}
      label={label}
      type={type}
      autoComplete="off"
      error={errors[name]?.message}
      {...form.register(name)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4" data-testid="user-edit-form">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('username', t('admin.user.username'))}
        {text('realname', t('admin.user.realname'))}
      </div>
      {text('email', t('admin.user.email'), 'email')}
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => (
          <RoleField
            value={field.value}
            onChange={field.onChange}
            mayGrant={(id) => mayGrantRole(caller.roles, id)}
            lockedReason={self ? 'userAdmin.cannotDemoteSelf' : undefined}
            error={errors.type?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="banned"
        render={({ field }) => (
          <div className="grid gap-1">
            <div className="flex min-h-9 items-center gap-3 text-sm">
              <Switch
                id="user-banned"
                checked={field.value}
                onCheckedChange={field.onChange}
                disabled={self}
                data-testid="user-banned"
              />
              <Label htmlFor="user-banned">{t('admin.user.banned')}</Label>
            </div>
            <p className="text-xs text-muted-foreground">
              {self ? t('userAdmin.cannotDemoteSelf') : t('admin.user.bannedHint')}
            </p>
          </div>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {text('titleName', t('admin.user.titleName'))}
        <FormField id="user-titleColor" label={t('admin.user.titleColor')} error={errors.titleColor?.message}>
          <div className="flex items-center gap-2">
            <Input
              id="user-titleColor"
              placeholder="#2d8cf0"
              autoComplete="off"
              aria-invalid={!!errors.titleColor}
              {...form.register('titleColor')}
            />
            <span
              aria-hidden
              className="size-9 shrink-0 rounded-md border"
              style={{ background: /^#[0-9a-fA-F]{3,8}$/.test(titleColor) ? titleColor : 'transparent' }}
            />
          </div>
        </FormField>
      </div>
      <Controller
        control={form.control}
        name="setNewPwd"
        render={({ field }) => (
          <div className="flex min-h-9 items-center gap-3 text-sm">
            <Switch
              id="user-setNewPwd"
              checked={field.value}
              onCheckedChange={field.onChange}
              data-testid="user-setNewPwd"
            />
            <Label htmlFor="user-setNewPwd">{t('admin.user.setNewPwd')}</Label>
          </div>
        )}
      />
      {setNewPwd && (
        <FormField
          id="user-password"
          label={t('admin.user.newPassword')}
          hint={t('admin.user.newPasswordHint')}
          error={errors.password?.message}
        >
          <Input
            id="user-password"
            autoComplete="new-password"
            aria-invalid={!!errors.password}
            {...form.register('password')}
          />
        </FormField>
      )}
      {refusal && (
        <p role="alert" className="text-sm text-destructive" data-testid="user-edit-refusal">
          {refusal}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose} data-testid="user-cancel">
          {t('common.cancel')}
        </Button>
        <SubmitButton pending={save.isPending} data-testid="user-save">
          {t('admin.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
