import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '@/shared/api/error-message';
import { loginNeedsPuzzle, puzzleAnswer } from '@/shared/api/login-puzzle';
import { type LoginForm as LoginFields, loginSchema } from '@/shared/schemas/forms';
import { SlidePuzzle } from '@/web/components/slide-puzzle';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { popupApi } from './api';
import { authStore } from './auth-store';
import { useFreshFetch } from './use-fresh-fetch';

type FieldErrors = Partial<Record<keyof LoginFields, string>>;

/**
 * Username + password, validated by the shared loginSchema, then POST /api/login. Once the server
 * asks for it (data.needPuzzle, after 5 failures) the web app's slide puzzle shows, and each try
 * sends the piece's position with the password, as the web app's login does (shared/api/login-puzzle).
 */
export function LoginForm({ serverUrl }: { serverUrl: string }) {
  const { t, i18n } = useTranslation();
  const [fields, setFields] = useState<LoginFields>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState(0);
  const [needPuzzle, setNeedPuzzle] = useState(false);
  const [puzzleX, setPuzzleX] = useState<number | null>(null);
  const [puzzleUnsolved, setPuzzleUnsolved] = useState(false);
  const puzzle = useFreshFetch(() => popupApi(serverUrl, i18n.language).getLoginPuzzle(), needPuzzle);

  const newPuzzle = () => {
    setPuzzleX(null);
    puzzle.refetch();
  };

  async function send(x: number | null = puzzleX) {
    if (busy) return;
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
    const solved = puzzleAnswer(needPuzzle, puzzle.data, x);
    setPuzzleUnsolved(!solved);
    if (!solved) return;
    setBusy(true);
    try {
      const { token, userInfo } = await popupApi(serverUrl, i18n.language).login({
        ...parsed.data,
        ...solved,
      });
      if (!token) setFailure(t('ext.noToken'));
      else authStore.getState().setLogin(token, userInfo);
    } catch (error) {
      setFailure(apiErrorText(error, t));
      const count = failures + 1;
      setFailures(count);
      if (loginNeedsPuzzle(error, count)) {
        // a puzzle is good for one try: the next one needs a new puzzle
        if (needPuzzle) newPuzzle();
        else setNeedPuzzle(true);
      }
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void send();
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
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate data-testid="login-form">
      <h2 className="text-sm font-semibold">{t('ext.loginTitle')}</h2>
      {field('username', 'text', 'username')}
      {field('password', 'password', 'current-password')}
      {needPuzzle && (
        <div className="flex flex-col gap-1.5">
          <SlidePuzzle
            puzzle={puzzle.data}
            loading={puzzle.loading}
            x={puzzleX}
            onChange={setPuzzleX}
            onRelease={(x) => {
              setPuzzleX(x);
              // the piece let go with the fields filled is the try, as in the web app
              if (fields.username.trim() && fields.password.trim()) void send(x);
            }}
            onRefresh={newPuzzle}
          />
          {(puzzleUnsolved || !!puzzle.error) && (
            <p role="alert" className="text-xs text-destructive" data-testid="puzzle-error">
              {puzzle.error ? apiErrorText(puzzle.error, t) : t('server.puzzleRequired')}
            </p>
          )}
        </div>
      )}
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
