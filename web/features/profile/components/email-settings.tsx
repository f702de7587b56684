import { Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { RetryLater } from '@/shared/api/account-types';
import { ApiError } from '@/shared/api/client';
import { ACCOUNT } from '@/shared/constants/accounts';
import { MESSAGE_DURATION_MS } from '@/shared/constants/limits';
import { PROFILE } from '@/shared/constants/profile';
import { emailSchema } from '@/shared/schemas/forms';
import { changeEmailSchema } from '@/shared/schemas/profile';
import { Button } from '@/web/components/ui/button';
import { startCountdown, useCountdown } from '@/web/features/auth/countdown';
import { Field } from '@/web/features/auth/field';
import { fieldErrors } from '@/web/features/auth/form-errors';
import { useChangeEmail, useSendChangeEmailCode } from '../api';
import { SettingsSection } from './settings-section';

const EMPTY = { newEmail: '', code: '', password: '' };

/** New address, the code mailed to it (the button waits 60 s), and the password. */
export function EmailSettings({ email, username }: { email: string | null; username: string }) {
  const { t } = useTranslation();
  const sendCode = useSendChangeEmailCode();
  const change = useChangeEmail();
  const wait = useCountdown('changeEmailCode');
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const onSendCode = () => {
    const parsed = emailSchema.safeParse(form.newEmail);
    if (!parsed.success) return setErrors((x) => ({ ...x, newEmail: parsed.error.issues[0]?.message ?? '' }));
    setErrors(({ newEmail: _, ...rest }) => rest);
    sendCode.mutate(parsed.data, {
      onSuccess: (sent) => {
        toast.success(sent.msg, { duration: MESSAGE_DURATION_MS });
        startCountdown('changeEmailCode', PROFILE.emailCodeResendSeconds);
      },
      onError: (error) => {
        const retry =
          error instanceof ApiError && error.status === 429 ? (error.data as RetryLater | null) : null;
        if (retry?.seconds) startCountdown('changeEmailCode', retry.seconds);
      },
    });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = changeEmailSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    change.mutate(parsed.data, {
      onSuccess: (res) => {
        toast.success(res.msg, { duration: MESSAGE_DURATION_MS });
        setForm(EMPTY);
      },
      onError: () => setForm((f) => ({ ...f, password: '' })),
    });
  };

  return (
    <SettingsSection
      title={t('profile.settings.emailTitle')}
      hint={email ? t('profile.settings.currentEmail', { email }) : t('profile.settings.noEmail')}
      testId="settings-email"
    >
      <form className="grid gap-3" onSubmit={onSubmit} noValidate data-testid="email-form">
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <Field
          id="email-new"
          type="email"
          autoComplete="email"
          label={t('profile.settings.newEmail')}
          value={form.newEmail}
          error={errors.newEmail}
          onChange={set('newEmail')}
        />
        <Field
          id="email-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={ACCOUNT.registerCodeLength}
          label={t('auth.code')}
          value={form.code}
          error={errors.code}
          onChange={set('code')}
        >
          <Button
            type="button"
            variant="outline"
            className="min-w-28"
            disabled={wait > 0 || sendCode.isPending}
            onClick={onSendCode}
            data-testid="email-send-code"
          >
            {sendCode.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {wait > 0 ? t('auth.resendIn', { seconds: wait }) : t('auth.sendCode')}
          </Button>
        </Field>
        <Field
          id="email-password"
          type="password"
          autoComplete="current-password"
          label={t('profile.settings.password')}
          value={form.password}
          error={errors.password}
          onChange={set('password')}
        />
        <Button
          type="submit"
          className="justify-self-start"
          disabled={change.isPending}
          data-testid="email-submit"
        >
          {change.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {t('profile.settings.changeEmail')}
        </Button>
      </form>
    </SettingsSection>
  );
}
