import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ACCOUNT } from '@/shared/constants/accounts';
import { PROFILE } from '@/shared/constants/profile';
import { changePasswordFormSchema } from '@/shared/schemas/profile';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/features/auth/field';
import { fieldErrors } from '@/web/features/auth/form-errors';
import { authStore } from '@/web/lib/auth';
import { openLoginModal } from '@/web/lib/login-modal';
import { useChangePassword } from '../api';
import { SettingsSection } from './settings-section';

const EMPTY = { oldPassword: '', newPassword: '', newPasswordAgain: '' };

/**
 * Old password, new one twice (the register rules). The server revokes every token on success,
 * so the page says so, forgets the login and opens the login dialog with the username filled in.
 */
export function PasswordSettings({ username }: { username: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const logoutTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(logoutTimer.current), []);
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = changePasswordFormSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    const { oldPassword, newPassword } = parsed.data;
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: (res) => {
          toast.success(res.msg, { duration: ACCOUNT.resetMessageMs });
          setForm(EMPTY);
          logoutTimer.current = setTimeout(() => {
            authStore.getState().clear();
            void queryClient.invalidateQueries();
            openLoginModal('login', username);
          }, PROFILE.logoutAfterPasswordChangeMs);
        },
        onError: () => setForm((f) => ({ ...f, oldPassword: '' })),
      },
    );
  };

  return (
    <SettingsSection
      title={t('profile.settings.passwordTitle')}
      hint={t('profile.settings.passwordHint')}
      testId="settings-password"
    >
      <form className="grid gap-3" onSubmit={onSubmit} noValidate data-testid="password-form">
        {/* lets password managers tie the new password to the account */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <Field
          id="password-old"
          type="password"
          autoComplete="current-password"
          label={t('profile.settings.oldPassword')}
          value={form.oldPassword}
          error={errors.oldPassword}
          onChange={set('oldPassword')}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            id="password-new"
            type="password"
            autoComplete="new-password"
            label={t('profile.settings.newPassword')}
            value={form.newPassword}
            error={errors.newPassword}
            onChange={set('newPassword')}
          />
          <Field
            id="password-again"
            type="password"
            autoComplete="new-password"
            label={t('profile.settings.newPasswordAgain')}
            value={form.newPasswordAgain}
            error={errors.newPasswordAgain}
            onChange={set('newPasswordAgain')}
          />
        </div>
        <Button
          type="submit"
          className="justify-self-start"
          disabled={change.isPending}
          data-testid="password-submit"
        >
          {change.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {t('profile.settings.changePassword')}
        </Button>
      </form>
    </SettingsSection>
  );
}
