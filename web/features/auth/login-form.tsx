import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { loginNeedsPuzzle, puzzleAnswer } from '@/shared/api/login-puzzle';
import { loginSchema } from '@/shared/schemas/forms';
import { InputField } from '@/web/components/form-field';
import { CurrentPasswordField } from '@/web/components/password-fields';
import { SubmitButton } from '@/web/components/pending-button';
import { SlidePuzzle } from '@/web/components/slide-puzzle';
import { useLoginModal } from '@/web/lib/login-modal';
import { useFormFields } from '@/web/lib/use-form-fields';
import { useLogin, useLoginPuzzle, useWebsiteConfig } from './api';
import { ModeLink } from './mode-link';

/**
 * Login mode. A failure counts toward the login limits (docs/security.md, Accounts and passwords); once the
 * server says so (data.needPuzzle, after 5 failures) the slide puzzle shows and each try sends the piece's
 * position with the password.
 */
export function LoginForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const initialUsername = useLoginModal((s) => s.username);
  const config = useWebsiteConfig();
  const fields = useFormFields({ username: initialUsername, password: '' });
  const { values, errors } = fields;
  const [failures, setFailures] = useState(0);
  const [needPuzzle, setNeedPuzzle] = useState(false);
  const [puzzleX, setPuzzleX] = useState<number | null>(null);
  const puzzle = useLoginPuzzle(needPuzzle);

  const newPuzzle = () => {
    setPuzzleX(null);
    void puzzle.refetch();
  };

  const submit = (x: number | null = puzzleX) => {
    const parsed = fields.check(loginSchema);
    if (!parsed) return;
    const solved = puzzleAnswer(needPuzzle, puzzle.data, x);
    if (!solved) {
      fields.setError('puzzle', 'server.puzzleRequired');
      return;
    }
    login.mutate(
      { ...parsed, ...solved },
      {
        onSuccess: ({ userInfo }) => {
          toast.success(t('web.auth.welcomeBack', { username: userInfo.username }));
          onDone();
        },
        onError: (error) => {
          const count = failures + 1;
          setFailures(count);
          if (loginNeedsPuzzle(error, count)) {
            // a puzzle is good for one try: the next one needs a new puzzle
            if (needPuzzle) newPuzzle();
            else setNeedPuzzle(true);
          }
        },
      },
    );
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate data-testid="login-form">
      <InputField
        id="login-username"
        label={t('common.username')}
        autoComplete="username"
        autoFocus={!initialUsername}
        {...fields.field('username')}
      />
      <CurrentPasswordField
        id="login-password"
        label={t('common.password')}
        autoFocus={!!initialUsername}
        {...fields.field('password')}
      />
      {needPuzzle && (
        <div className="grid gap-1.5">
          <SlidePuzzle
            puzzle={puzzle.data}
            loading={puzzle.isFetching}
            x={puzzleX}
            onChange={setPuzzleX}
            onRelease={(x) => {
              setPuzzleX(x);
              if (values.username.trim() && values.password.trim()) submit(x);
            }}
            onRefresh={newPuzzle}
          />
          {errors.puzzle && (
            <p role="alert" className="text-sm text-destructive" data-testid="puzzle-error">
              {t(errors.puzzle)}
            </p>
          )}
        </div>
      )}
      <SubmitButton pending={login.isPending} data-testid="login-submit">
        {t('common.login')}
      </SubmitButton>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <ModeLink mode="resetPwd" testId="to-reset">
          {t('auth.forgotPassword')}
        </ModeLink>
        {config.data?.register && (
          <span className="text-muted-foreground">
            {t('auth.noAccount')}{' '}
            <ModeLink mode="register" testId="to-register">
              {t('auth.registerNow')}
            </ModeLink>
          </span>
        )}
      </div>
    </form>
  );
}
