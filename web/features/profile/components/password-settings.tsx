import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ACCOUNT } from '@/shared/constants/accounts';
import { PROFILE } from '@/shared/constants/profile';
import { changePasswordFormSchema } from '@/shared/schemas/profile';
import { CurrentPasswordField, HiddenUsername, NewPasswordFields } from '@/web/components/password-fields';
import { SubmitButton } from '@/web/components/pending-button';
import { authStore } from '@/web/lib/auth';
import { openLoginModal } from '@/web/lib/login-modal';
import { useFormFields } from '@/web/lib/use-form-fields';
import { useChangePassword } from '../api';
import { SettingsForm } from './settings-section';

const EMPTY = { oldPassword: '', newPassword: '', newPasswordAgain: '' };

/**
 * Old password, new one twice (the register rules). The server revokes every token on success,
 * so the page says so, forgets the login and opens the login dialog with the username filled in.
 */
export function PasswordSettings({ username }: { username: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const fields = useFormFields(EMPTY);
  const logoutTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(logoutTimer.current), []);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = fields.check(changePasswordFormSchema);
    if (!parsed) return;
    const { oldPassword, newPassword } = parsed;
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: (res) => {
          toast.success(res.msg, { duration: ACCOUNT.resetMessageMs });
          fields.patch(EMPTY);
          logoutTimer.current = setTimeout(() => {
            authStore.getState().clear();
            void queryClient.invalidateQueries();
            openLoginModal('login', username);
          }, PROFILE.logoutAfterPasswordChangeMs);
        },
        onError: () => fields.patch({ oldPassword: '' }),
      },
    );
  };

  return (
    <SettingsForm name="password" onSubmit={onSubmit}>
      <HiddenUsername username={username} />
      <CurrentPasswordField
        id="password-old"
        label={t('profile.settings.oldPassword')}
        {...fields.field('oldPassword')}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <NewPasswordFields
          password={{
            id: 'password-new',
            label: t('profile.settings.newPassword'),
            ...fields.field('newPassword'),
          }}
          again={{
            id: 'password-again',
            label: t('profile.settings.newPasswordAgain'),
            ...fields.field('newPasswordAgain'),
          }}
        />
      </div>
      <SubmitButton className="justify-self-start" pending={change.isPending} data-testid="password-submit">
        {t('profile.settings.changePassword')}
      </SubmitButton>
    </SettingsForm>
  );
}
