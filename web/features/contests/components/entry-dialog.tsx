import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ContestVO } from '@/shared/api/contest-types';
import { ContestAuth } from '@/shared/constants/contests';
import { RenderedMarkdown } from '@/web/components/rendered-markdown';
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
import { toastApiError } from '@/web/lib/api-errors';
import { useRegisterContest } from '../api';

/**
 * The entry dialog: the contest's briefing (informedTitle and informed text), a password input when
 * the contest needs one (private and protected), Cancel and Accept. Accept registers.
 */
export function EntryDialog({
  contest,
  open,
  onOpenChange,
}: {
  contest: ContestVO;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const register = useRegisterContest(contest.id);
  const needsPassword = contest.auth !== ContestAuth.PUBLIC;

  const accept = () => {
    if (needsPassword && !password.trim()) {
      setError(t('contest.enterPassword'));
      return;
    }
    setError(null);
    register.mutate(needsPassword ? password : null, {
      onSuccess: () => {
        toast.success(t('contest.registered'));
        setPassword('');
        onOpenChange(false);
      },
      onError: (e) => toastApiError(e, t),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')} data-testid="contest-entry-dialog">
        <DialogHeader>
          <DialogTitle>{contest.informedTitle || contest.title}</DialogTitle>
          <DialogDescription className="sr-only">{t('contestPage.entry.description')}</DialogDescription>
        </DialogHeader>
        {contest.informed && (
          <div
            className="max-h-72 overflow-y-auto rounded-md border bg-muted/30 p-3"
            data-testid="contest-informed"
          >
            <RenderedMarkdown html={contest.informedHtml} text={contest.informed} />
          </div>
        )}
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            accept();
          }}
        >
          {needsPassword && (
            <div className="grid gap-1.5">
              <Label htmlFor="contest-password">{t('contestPage.entry.password')}</Label>
              <Input
                id="contest-password"
                type="password"
                autoComplete="off"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                placeholder={t('contest.enterPassword')}
                aria-invalid={!!error}
                data-testid="contest-password"
              />
              {error && (
                <p className="text-sm text-destructive" data-testid="contest-password-error">
                  {error}
                </p>
              )}
            </div>
          )}
          <div className="flex justify-end gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              data-testid="contest-entry-cancel"
            >
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={register.isPending} data-testid="contest-entry-accept">
              {t('contestPage.entry.accept')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
