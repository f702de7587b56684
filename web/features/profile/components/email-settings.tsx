import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PROFILE } from '@/shared/constants/profile';
import { changeEmailSchema } from '@/shared/schemas/profile';
import { EmailCodeFields } from '@/web/components/email-code-fields';
import { CurrentPasswordField, HiddenUsername } from '@/web/components/password-fields';
import { SubmitButton } from '@/web/components/pending-button';
import { useCountdown } from '@/web/lib/countdown';
import { useFormFields } from '@/web/lib/use-form-fields';
import { useChangeEmail, useSendChangeEmailCode } from '../api';
import { SettingsForm } from './settings-section';

const EMPTY = { newEmail: '', code: '', password: '' };

/** New address, the code mailed to it (the button waits 60 s), and the password. */
export function EmailSettings({ email, username }: { email: string | null; username: string }) {
  const { t } = useTranslation();
  const sendCode = useSendChangeEmailCode();
  const change = useChangeEmail();
  const codeWait = useCountdown('changeEmailCode');
  const fields = useFormFields(EMPTY);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = fields.check(changeEmailSchema);
    if (!parsed) return;
    change.mutate(parsed, {
      onSuccess: (res) => {
        toast.success(res.msg);
        fields.patch(EMPTY);
      },
      onError: () => fields.patch({ password: '' }),
    });
  };

  return (
    <SettingsForm
      name="email"
      hint={email ? t('profile.settings.currentEmail', { email }) : t('profile.settings.noEmail')}
      onSubmit={onSubmit}
    >
      <HiddenUsername username={username} />
      <EmailCodeFields
        email={{ id: 'email-new', label: t('profile.settings.newEmail'), ...fields.field('newEmail') }}
        code={{ id: 'email-code', ...fields.field('code') }}
        send={sendCode}
        countdown={codeWait}
        resendSeconds={PROFILE.emailCodeResendSeconds}
        sendTestId="email-send-code"
        onEmailError={(key) => fields.setError('newEmail', key)}
      />
      <CurrentPasswordField
        id="email-password"
        label={t('profile.settings.password')}
        {...fields.field('password')}
      />
      <SubmitButton className="justify-self-start" pending={change.isPending} data-testid="email-submit">
        {t('profile.settings.changeEmail')}
      </SubmitButton>
    </SettingsForm>
  );
}
