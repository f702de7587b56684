import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ACCOUNT } from '@/shared/constants/accounts';
import { M, registerFormSchema } from '@/shared/schemas/forms';
import { EmailCodeFields } from '@/web/components/email-code-fields';
import { InputField } from '@/web/components/form-field';
import { NewPasswordFields } from '@/web/components/password-fields';
import { SubmitButton } from '@/web/components/pending-button';
import { useCountdown } from '@/web/lib/countdown';
import { useLoginModal } from '@/web/lib/login-modal';
import { fieldErrors, useFormFields } from '@/web/lib/use-form-fields';
import { checkTaken, useRegister, useSendRegisterCode } from './api';
import { MailForm } from './mail-form';
import { BackToLogin } from './mode-link';

const EMPTY = { username: '', password: '', passwordAgain: '', email: '', code: '' };

/**
 * Register mode: the shared schema checks the fields, taken names and addresses are flagged when
 * a field is left, the code button waits 60 s after a sent code; a failure clears the code, a
 * success says so for 5 s and returns to Login.
 */
export function RegisterForm() {
  const { t } = useTranslation();
  const setMode = useLoginModal((s) => s.setMode);
  const register = useRegister();
  const sendCode = useSendRegisterCode();
  const codeWait = useCountdown('registerCode');
  const fields = useFormFields(EMPTY);
  const { values, setError } = fields;

  /** On leaving the username or e-mail field: is it taken already? */
  const checkField = async (field: 'username' | 'email') => {
    const parsed = registerFormSchema.safeParse(values);
    const local = parsed.success ? undefined : fieldErrors(parsed.error)[field];
    if (local || !values[field].trim()) return setError(field, local && values[field] ? local : undefined);
    try {
      const taken = await checkTaken({ [field]: values[field] });
      setError(field, taken[field] ? (field === 'username' ? M.usernameExists : M.emailExists) : undefined);
    } catch {
      // the register call checks again
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = fields.check(registerFormSchema);
    if (!parsed) return;
    const { passwordAgain: _, ...body } = parsed;
    register.mutate(body, {
      onSuccess: (msg) => {
        toast.success(msg, { duration: ACCOUNT.registerMessageMs });
        setMode('login', body.username);
      },
      onError: () => fields.patch({ code: '' }),
    });
  };

  return (
    <MailForm testId="register-form" onSubmit={onSubmit}>
      <InputField
        id="register-username"
        label={t('common.username')}
        autoComplete="username"
        autoFocus
        {...fields.field('username')}
        onBlur={() => void checkField('username')}
      />
      <NewPasswordFields
        password={{ id: 'register-password', label: t('common.password'), ...fields.field('password') }}
        again={{
          id: 'register-password-again',
          label: t('auth.passwordAgain'),
          ...fields.field('passwordAgain'),
        }}
      />
      <EmailCodeFields
        email={{
          id: 'register-email',
          label: t('auth.email'),
          ...fields.field('email'),
          onBlur: () => void checkField('email'),
        }}
        code={{ id: 'register-code', ...fields.field('code') }}
        send={sendCode}
        countdown={codeWait}
        resendSeconds={ACCOUNT.registerCodeResendSeconds}
        sendTestId="register-send-code"
        onEmailError={(key) => setError('email', key)}
      />
      <SubmitButton pending={register.isPending} className="mt-1" data-testid="register-submit">
        {t('auth.register')}
      </SubmitButton>
      <p className="text-center text-sm text-muted-foreground">
        {t('auth.haveAccount')} <BackToLogin />
      </p>
    </MailForm>
  );
}
