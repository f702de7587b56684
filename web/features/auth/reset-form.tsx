import { Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { RetryLater } from '@/shared/api/account-types';
import { ApiError } from '@/shared/api/client';
import { ACCOUNT } from '@/shared/constants/accounts';
import { applyResetPasswordSchema } from '@/shared/schemas/forms';
import { Button } from '@/web/components/ui/button';
import { useApplyResetPassword, useCaptcha, useWebsiteConfig } from './api';
import { BackToLogin } from './back-to-login';
import { startCountdown, useCountdown } from './countdown';
import { Field, LocalMailNotice } from './field';
import { fieldErrors } from './form-errors';

/**
 * ResetPwd mode: e-mail and image captcha (loaded on entering, a click on it draws a new one).
 * A sent mail is announced for 10 s and the button waits 90 s; a failure clears the captcha and
 * loads a new one.
 */
export function ResetForm({ resendSeconds = ACCOUNT.resetResendSeconds }: { resendSeconds?: number }) {
  const { t } = useTranslation();
  const config = useWebsiteConfig();
  const captcha = useCaptcha();
  const apply = useApplyResetPassword();
  const wait = useCountdown('resetMail');
  const [form, setForm] = useState({ email: '', captcha: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const newCaptcha = () => {
    setForm((f) => ({ ...f, captcha: '' }));
    void captcha.refetch();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = applyResetPasswordSchema.safeParse({
      ...form,
      captchaKey: captcha.data?.captchaKey ?? '',
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    apply.mutate(parsed.data, {
      onSuccess: (msg) => {
        toast.success(msg, { duration: ACCOUNT.resetMessageMs });
        startCountdown('resetMail', resendSeconds);
        newCaptcha();
      },
      onError: (error) => {
        const retry =
          error instanceof ApiError && error.status === 429 ? (error.data as RetryLater | null) : null;
        if (retry?.seconds) startCountdown('resetMail', retry.seconds);
        newCaptcha();
      },
    });
  };

  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate data-testid="reset-form">
      {config.data?.mailLocalFiles && <LocalMailNotice />}
      <Field
        id="reset-email"
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        autoFocus
        value={form.email}
        error={errors.email}
        onChange={(e) => setForm({ ...form, email: e.target.value })}
      />
      <Field
        id="reset-captcha"
        label={t('auth.captcha')}
        autoComplete="off"
        maxLength={ACCOUNT.captchaMaxLength}
        value={form.captcha}
        error={errors.captcha ?? errors.captchaKey}
        onChange={(e) => setForm({ ...form, captcha: e.target.value })}
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
      </Field>
      <Button
        type="submit"
        disabled={wait > 0 || apply.isPending}
        className="mt-1"
        data-testid="reset-submit"
      >
        {apply.isPending && <Loader2 className="animate-spin" aria-hidden />}
        {wait > 0 ? t('auth.resendIn', { seconds: wait }) : t('auth.sendResetMail')}
      </Button>
      <p className="text-center text-sm">
        <BackToLogin />
      </p>
    </form>
  );
}
