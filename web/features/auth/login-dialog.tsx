import { Loader2 } from 'lucide-react';
import type * as React from 'react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MESSAGE_DURATION_MS } from '@/shared/constants/limits';
import { loginSchema } from '@/shared/schemas/forms';
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
import { useLoginModal } from '@/web/lib/login-modal';
import { useLogin } from './api';
import { fieldErrors } from './form-errors';

function Field({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error?: string } & React.ComponentProps<typeof Input>) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive" data-testid={`${id}-error`}>
          {t(error)}
        </p>
      )}
    </div>
  );
}

function LoginForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const [form, setForm] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = loginSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: ({ userInfo }) => {
        toast.success(t('web.auth.welcomeBack', { username: userInfo.username }), {
          duration: MESSAGE_DURATION_MS,
        });
        onDone();
      },
    });
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate data-testid="login-form">
      <Field
        id="login-username"
        label={t('common.username')}
        autoComplete="username"
        autoFocus
        value={form.username}
        error={errors.username}
        onChange={(e) => setForm({ ...form, username: e.target.value })}
      />
      <Field
        id="login-password"
        label={t('common.password')}
        type="password"
        autoComplete="current-password"
        value={form.password}
        error={errors.password}
        onChange={(e) => setForm({ ...form, password: e.target.value })}
      />
      <Button type="submit" disabled={login.isPending} data-testid="login-submit">
        {login.isPending && <Loader2 className="animate-spin" aria-hidden />}
        {t('common.login')}
      </Button>
    </form>
  );
}

/** The login modal (spec §2 top navigation); opened by the Login button, a 401 or "Please login first". */
export function LoginDialog() {
  const { t } = useTranslation();
  const open = useLoginModal((s) => s.open);
  const setOpen = useLoginModal((s) => s.setOpen);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent closeLabel={t('common.cancel')} data-testid="login-dialog">
        <DialogHeader>
          <DialogTitle>{t('web.auth.loginTitle')}</DialogTitle>
          <DialogDescription>{t('web.auth.loginHint')}</DialogDescription>
        </DialogHeader>
        {open && <LoginForm onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}
