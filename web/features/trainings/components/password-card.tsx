import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorText } from '@/shared/api/error-message';
import { registerTrainingBody } from '@/shared/schemas/trainings';
import { PendingButton } from '@/web/components/pending-button';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { openLoginModal } from '@/web/lib/login-modal';
import { useRegisterTraining } from '../api';

/**
 * HOJ's "password required" card of a private training: visitors are asked to log in, users to
 * enter the password. A wrong one is answered under the box (the server's words, which also say
 * how long to wait after several).
 */
export function PasswordCard({ tid, loggedIn }: { tid: number; loggedIn: boolean }) {
  const { t } = useTranslation();
  const register = useRegisterTraining(tid);
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = registerTrainingBody.shape.password.safeParse(password);
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? null);
      return;
    }
    setInvalid(null);
    register.mutate(password, {
      onSuccess: () => {
        setPassword('');
        toast.success(t('training.registered'));
      },
    });
  };
  const error = invalid ? t(invalid) : register.isError ? apiErrorText(register.error, t) : null;
  return (
    <section
      className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40"
      data-testid="training-password-card"
    >
      <h2 className="flex items-center gap-2 font-semibold text-amber-900 dark:text-amber-100">
        <KeyRound className="size-4" aria-hidden />
        {t('training.page.passwordTitle')}
      </h2>
      <p className="text-sm">{t(loggedIn ? 'training.page.passwordHint' : 'training.page.loginToEnter')}</p>
      {loggedIn ? (
        <form className="grid gap-2" onSubmit={submit} noValidate>
          <div className="flex gap-2">
            <Input
              type="password"
              autoComplete="off"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-label={t('training.page.passwordLabel')}
              placeholder={t('training.page.passwordLabel')}
              aria-invalid={!!error}
              aria-describedby={error ? 'training-password-error' : undefined}
              className="bg-background"
              data-testid="training-password"
            />
            <PendingButton type="submit" pending={register.isPending} data-testid="training-password-submit">
              {t('training.page.enter')}
            </PendingButton>
          </div>
          {error && (
            <p id="training-password-error" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </form>
      ) : (
        <Button className="w-fit" onClick={() => openLoginModal()} data-testid="training-login">
          {t('common.login')}
        </Button>
      )}
    </section>
  );
}
