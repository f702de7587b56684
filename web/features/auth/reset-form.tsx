import { Loader2 } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ACCOUNT } from '@/shared/constants/accounts';
import { applyResetPasswordSchema } from '@/shared/schemas/forms';
import { EmailField } from '@/web/components/email-code-fields';
import { InputField } from '@/web/components/form-field';
import { SubmitButton } from '@/web/components/pending-button';
import { useCountdown } from '@/web/lib/countdown';
import { useFormFields } from '@/web/lib/use-form-fields';
import { useApplyResetPassword, useCaptcha } from './api';
import { MailForm } from './mail-form';
import { BackToLogin } from './mode-link';

/**
 * ResetPwd mode: e-mail and image captcha (loaded on entering, a click on it draws a new one).
 * A sent mail is announced for 10 s and the button waits 90 s; a failure clears the captcha and
 * loads a new one.
 */
export function ResetForm({ resendSeconds = ACCOUNT.resetResendSeconds }: { resendSeconds?: number }) {
  const { t } = useTranslation();
  const captcha = useCaptcha();
  const apply = useApplyResetPassword();
  const countdown = useCountdown('resetMail');
  const wait = countdown.seconds;
  const fields = useFormFields({ email: '', captcha: '' });

  const newCaptcha = () => {
    fields.patch({ captcha: '' });
    void captcha.refetch();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = fields.check(applyResetPasswordSchema, {
      ...fields.values,
      captchaKey: captcha.data?.captchaKey ?? '',
    });
    if (!parsed) return;
    apply.mutate(parsed, {
      onSuccess: (msg) => {
        toast.success(msg, { duration: ACCOUNT.resetMessageMs });
        countdown.start(resendSeconds);
        newCaptcha();
      },
      onError: (error) => {
        countdown.startAsToldBy(error);
        newCaptcha();
      },
    });
  };

  const captchaField = fields.field('captcha');
  return (
    <MailForm testId="reset-form" onSubmit={onSubmit}>
      <EmailField id="reset-email" label={t('auth.email')} autoFocus {...fields.field('email')} />
      <InputField
        id="reset-captcha"
        label={t('auth.captcha')}
        autoComplete="off"
        maxLength={ACCOUNT.captchaMaxLength}
        {...captchaField}
        error={captchaField.error ?? fields.errors.captchaKey}
      >
        <button
          type="button"
          className="flex h-9 w-[120px] shrink-0 items-center justify-center overflow-hidden rounded-md border bg-white"
          onClick={newCaptcha}
          title={t('auth.captchaImage')}
          aria-label={t('auth.captchaImage')}
          data-testid="reset-captcha-img"
        >
          {captcha.data && !captcha.isFetching ? (
            <img
              src={captcha.data.img}
              alt={t('auth.captchaImage')}
              className="h-full w-full object-contain"
            />
          ) : (
            <Loader2
              className="size-4 animate-spin text-muted-foreground"
              aria-label={t('auth.captchaLoading')}
            />
          )}
        </button>
      </InputField>
      <SubmitButton pending={apply.isPending} disabled={wait > 0} className="mt-1" data-testid="reset-submit">
        {wait > 0 ? t('auth.resendIn', { seconds: wait }) : t('auth.sendResetMail')}
      </SubmitButton>
      <p className="text-center text-sm">
        <BackToLogin />
      </p>
    </MailForm>
  );
}
