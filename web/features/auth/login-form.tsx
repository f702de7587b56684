import { Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { LoginRefusal } from '@/shared/api/account-types';
import { ApiError } from '@/shared/api/client';
import { ACCOUNT } from '@/shared/constants/accounts';
import { MESSAGE_DURATION_MS } from '@/shared/constants/limits';
import { loginSchema } from '@/shared/schemas/forms';
import { Button } from '@/web/components/ui/button';
import { useLoginModal } from '@/web/lib/login-modal';
import { useLogin, useLoginPuzzle, useWebsiteConfig } from './api';
import { Field } from './field';
import { fieldErrors } from './form-errors';
import { SlidePuzzle } from './slide-puzzle';

/**
 * Login mode. A failure counts (spec §4); once the server says so (data.needPuzzle, after 5
 * failures) the slide puzzle shows and each try sends the piece's position with the password.
 */
export function LoginForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const setMode = useLoginModal((s) => s.setMode);
  const initialUsername = useLoginModal((s) => s.username);
  const config = useWebsiteConfig();
  const [form, setForm] = useState({ username: initialUsername, password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failures, setFailures] = useState(0);
  const [needPuzzle, setNeedPuzzle] = useState(false);
  const [puzzleX, setPuzzleX] = useState<number | null>(null);
  const puzzle = useLoginPuzzle(needPuzzle);

  const newPuzzle = () => {
    setPuzzleX(null);
    void puzzle.refetch();
  };

  const submit = (x: number | null = puzzleX) => {
    const parsed = loginSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    if (needPuzzle && (x === null || !puzzle.data)) {
      setErrors({ puzzle: 'server.puzzleRequired' });
      return;
    }
    setErrors({});
    const solved = needPuzzle && puzzle.data ? { puzzleKey: puzzle.data.puzzleKey, puzzleX: x } : {};
    login.mutate(
      { ...parsed.data, ...solved },
      {
        onSuccess: ({ userInfo }) => {
          toast.success(t('web.auth.welcomeBack', { username: userInfo.username }), {
            duration: MESSAGE_DURATION_MS,
          });
          onDone();
        },
        onError: (error) => {
          const count = failures + 1;
          setFailures(count);
          const refusal = error instanceof ApiError ? (error.data as LoginRefusal | null) : null;
          if (refusal?.needPuzzle || count >= ACCOUNT.puzzleAfterFailures) {
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
      <Field
        id="login-username"
        label={t('common.username')}
        autoComplete="username"
        autoFocus={!initialUsername}
        value={form.username}
        error={errors.username}
        onChange={(e) => setForm({ ...form, username: e.target.value })}
      />
      <Field
        id="login-password"
        label={t('common.password')}
        type="password"
        autoComplete="current-password"
        autoFocus={!!initialUsername}
        value={form.password}
        error={errors.password}
        onChange={(e) => setForm({ ...form, password: e.target.value })}
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
              if (form.username.trim() && form.password.trim()) submit(x);
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
      <Button type="submit" disabled={login.isPending} data-testid="login-submit">
        {login.isPending && <Loader2 className="animate-spin" aria-hidden />}
        {t('common.login')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button
          type="button"
          variant="link"
          className="h-auto p-0"
          onClick={() => setMode('resetPwd')}
          data-testid="to-reset"
        >
          {t('auth.forgotPassword')}
        </Button>
        {config.data?.register && (
          <span className="text-muted-foreground">
            {t('auth.noAccount')}{' '}
            <Button
              type="button"
              variant="link"
              className="h-auto p-0"
              onClick={() => setMode('register')}
              data-testid="to-register"
            >
              {t('auth.registerNow')}
            </Button>
          </span>
        )}
      </div>
    </form>
  );
}
