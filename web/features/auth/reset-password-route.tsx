import { KeyRound } from 'lucide-react';
import { type FormEvent, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ACCOUNT } from '@/shared/constants/accounts';
import { resetPasswordFormSchema } from '@/shared/schemas/forms';
import { Page } from '@/web/app/layouts/page';
import { HiddenUsername, NewPasswordFields } from '@/web/components/password-fields';
import { SubmitButton } from '@/web/components/pending-button';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { openLoginModal } from '@/web/lib/login-modal';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useFormFields } from '@/web/lib/use-form-fields';
import { useResetPassword } from './api';

interface LinkState {
  username: string;
  code: string;
}

/**
 * The page the reset mail links to: /reset-password?username=…&code=…. The code is moved out of
 * the address bar (and the history) at once; the new password follows the register rules.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.resetPageTitle'));
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const queryUsername = params.get('username') ?? '';
  const queryCode = params.get('code') ?? '';
  const link: LinkState = (location.state as LinkState | null) ?? {
    username: queryUsername,
    code: queryCode,
  };
  const reset = useResetPassword();
  const fields = useFormFields({ password: '', passwordAgain: '' });

  useEffect(() => {
    if (!queryCode) return;
    const rest = new URLSearchParams(location.search);
    rest.delete('code');
    rest.delete('username');
    const search = rest.toString();
    void navigate(`/reset-password${search ? `?${search}` : ''}`, {
      replace: true,
      state: { username: queryUsername, code: queryCode } satisfies LinkState,
    });
  }, [queryCode, queryUsername, location.search, navigate]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = fields.check(resetPasswordFormSchema, { ...link, ...fields.values });
    if (!parsed) return;
    const { passwordAgain: _, ...body } = parsed;
    reset.mutate(body, {
      onSuccess: (msg) => {
        toast.success(msg, { duration: ACCOUNT.resetMessageMs });
        void navigate('/', { replace: true });
        openLoginModal('login', body.username);
      },
    });
  };

  const broken = !link.username || !link.code;
  const password = fields.field('password');
  return (
    <Page className="flex justify-center">
      <Card className="w-full max-w-md" data-testid="reset-page">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <KeyRound className="size-5" aria-hidden />
            {t('auth.resetPageTitle')}
          </CardTitle>
          {!broken && (
            <p className="text-sm text-muted-foreground" data-testid="reset-page-user">
              {t('auth.resetPageFor', { username: link.username })}
            </p>
          )}
        </CardHeader>
        <CardContent>
          {broken ? (
            <div className="grid gap-4" data-testid="reset-page-broken">
              <p className="text-sm text-muted-foreground">{t('auth.resetLinkBroken')}</p>
              <Button onClick={() => openLoginModal('resetPwd')}>{t('auth.requestNewLink')}</Button>
            </div>
          ) : (
            <form className="grid gap-3" onSubmit={onSubmit} noValidate>
              <HiddenUsername username={link.username} />
              <NewPasswordFields
                password={{
                  id: 'reset-page-password',
                  label: t('auth.newPassword'),
                  autoFocus: true,
                  ...password,
                  // the link's own faults (a missing or mangled code) are said here, the only field
                  error: password.error ?? fields.errors.code ?? fields.errors.username,
                }}
                again={{
                  id: 'reset-page-password-again',
                  label: t('auth.passwordAgain'),
                  ...fields.field('passwordAgain'),
                }}
              />
              <SubmitButton pending={reset.isPending} className="mt-1" data-testid="reset-page-submit">
                {t('auth.resetSubmit')}
              </SubmitButton>
            </form>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
