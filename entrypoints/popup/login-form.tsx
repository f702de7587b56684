import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '@/shared/api/error-message';
import { type LoginForm as LoginFields, loginSchema } from '@/shared/schemas/forms';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { popupApi } from './api';
import { authStore } from './auth-store';

type FieldErrors = Partial<Record<keyof LoginFields, string>>;

/** Username + password, validated by the shared loginSchema, then POST /api/login. */
export function LoginForm({ serverUrl }: { serverUrl: string }) {
  const { t, i18n } = useTranslation();
  const [fields, setFields] = useState<LoginFields>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = loginSchema.safeParse(fields);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const zodIssue of parsed.error.issues) {
        const field = zodIssue.path[0] as keyof LoginFields;
        next[field] ??= t(zodIssue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { token, userInfo } = await popupApi(serverUrl, i18n.language).login(parsed.data);
      if (!token) setFailure(t('ext.noToken'));
      else authStore.getState().setLogin(token, userInfo);
    } catch (error) {
      setFailure(apiErrorText(error, t));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof LoginFields, type: string, autoComplete: string) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`login-${name}`}>{t(`common.${name}`)}</Label>
      <Input
        id={`login-${name}`}
        data-testid={`login-${name}`}
        type={type}
        autoComplete={autoComplete}
        value={fields[name]}
        aria-invalid={!!errors[name]}
        onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
        className="h-8 text-sm"
      />
      {errors[name] && (
        <p className="text-xs text-destructive" data-testid={`login-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <h2 className="text-sm font-semibold">{t('ext.loginTitle')}</h2>
      {field('username', 'text', 'username')}
      {field('password', 'password', 'current-password')}
      {failure && (
        <p role="alert" className="text-xs text-destructive" data-testid="login-failure">
          {failure}
        </p>
      )}
      <Button type="submit" size="sm" disabled={busy} data-testid="login-submit">
        {busy ? t('ext.loggingIn') : t('common.login')}
      </Button>
    </form>
  );
}
