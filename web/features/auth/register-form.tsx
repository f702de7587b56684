import { Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { RetryLater } from '@/shared/api/account-types';
import { ApiError } from '@/shared/api/client';
import { ACCOUNT } from '@/shared/constants/accounts';
import { MESSAGE_DURATION_MS } from '@/shared/constants/limits';
import { emailSchema, M, registerFormSchema } from '@/shared/schemas/forms';
import { Button } from '@/web/components/ui/button';
import { useLoginModal } from '@/web/lib/login-modal';
import { checkTaken, useRegister, useSendRegisterCode, useWebsiteConfig } from './api';
import { BackToLogin } from './back-to-login';
import { startCountdown, useCountdown } from './countdown';
import { Field, LocalMailNotice } from './field';
import { fieldErrors } from './form-errors';

const EMPTY = { username: '', password: '', passwordAgain: '', email: '', code: '' };

/**
 * Register mode: the shared schema checks the fields, taken names and addresses are flagged when
 * a field is left, the code button waits 60 s after a sent code; a failure clears the code, a
 * success says so for 5 s and returns to Login.
 */
export function RegisterForm() {
  const { t } = useTranslation();
  const setMode = useLoginModal((s) => s.setMode);
  const config = useWebsiteConfig();
  const register = useRegister();
  const sendCode = useSendRegisterCode();
  const wait = useCountdown('registerCode');
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));
  const setError = (field: string, key: string | undefined) =>
    setErrors(({ [field]: _, ...rest }) => (key ? { ...rest, [field]: key } : rest));

  /** On leaving the username or e-mail field: is it taken already? */
  const checkField = async (field: 'username' | 'email') => {
    const parsed = registerFormSchema.safeParse(form);
    const local = parsed.success ? undefined : fieldErrors(parsed.error)[field];
    if (local || !form[field].trim()) return setError(field, local && form[field] ? local : undefined);
    try {
      const taken = await checkTaken({ [field]: form[field] });
      setError(field, taken[field] ? (field === 'username' ? M.usernameExists : M.emailExists) : undefined);
    } catch {
      // the register call checks again
    }
  };

  const onSendCode = () => {
    const email = emailSchema.safeParse(form.email);
    if (!email.success) return setError('email', email.error.issues[0]?.message);
    setError('email', undefined);
    sendCode.mutate(email.data, {
      onSuccess: (sent) => {
        toast.success(sent.msg, { duration: MESSAGE_DURATION_MS });
        startCountdown('registerCode', ACCOUNT.registerCodeResendSeconds);
      },
      onError: (error) => {
        const retry =
          error instanceof ApiError && error.status === 429 ? (error.data as RetryLater | null) : null;
        if (retry?.seconds) startCountdown('registerCode', retry.seconds);
      },
    });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = registerFormSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    const { passwordAgain: _, ...body } = parsed.data;
    register.mutate(body, {
      onSuccess: (msg) => {
        toast.success(msg, { duration: ACCOUNT.registerMessageMs });
        setMode('login', body.username);
      },
      onError: () => setForm((f) => ({ ...f, code: '' })),
    });
  };

  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate data-testid="register-form">
      {config.data?.mailLocalFiles && <LocalMailNotice />}
      <Field
        id="register-username"
        label={t('common.username')}
        autoComplete="username"
        autoFocus
        value={form.username}
        error={errors.username}
        onChange={set('username')}
        onBlur={() => void checkField('username')}
      />
      <Field
        id="register-password"
        label={t('common.password')}
        type="password"
        autoComplete="new-password"
        value={form.password}
        error={errors.password}
        onChange={set('password')}
      />
      <Field
        id="register-password-again"
        label={t('auth.passwordAgain')}
        type="password"
        autoComplete="new-password"
        value={form.passwordAgain}
        error={errors.passwordAgain}
        onChange={set('passwordAgain')}
      />
      <Field
        id="register-email"
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        value={form.email}
        error={errors.email}
        onChange={set('email')}
        onBlur={() => void checkField('email')}
      />
      <Field
        id="register-code"
        label={t('auth.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={ACCOUNT.registerCodeLength}
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
          data-testid="register-send-code"
        >
          {sendCode.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {wait > 0 ? t('auth.resendIn', { seconds: wait }) : t('auth.sendCode')}
        </Button>
      </Field>
      <Button type="submit" disabled={register.isPending} className="mt-1" data-testid="register-submit">
        {register.isPending && <Loader2 className="animate-spin" aria-hidden />}
        {t('auth.register')}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t('auth.haveAccount')} <BackToLogin />
      </p>
    </form>
  );
}
