import { PlayCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { VirtualState } from '@/shared/api/virtual-types';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { toastApiError } from '@/web/lib/api-errors';
import { useContestContext } from '../contest-context';
import { formatContestTime, hoursMinutes } from '../lib/format';
import { useStartVirtual } from './api';

/**
 * The overview's virtual participation box (an ended contest, a logged-in caller): the start button with
 * its confirmation, the running run's end, or the past run. The server decides who may start.
 */
export function VirtualPanel({ state }: { state: VirtualState | undefined }) {
  const { t, i18n } = useTranslation();
  const { contest } = useContestContext();
  const [open, setOpen] = useState(false);
  const start = useStartVirtual(contest.id);
  if (!state) return null;
  const run = state.run;
  const time = (iso: string) => formatContestTime(iso, i18n.language);
  if (!run && !state.canStart) return null;
  const [hours, minutes] = hoursMinutes(contest.duration);

  const confirm = () =>
    start.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('virtual.started'));
        setOpen(false);
      },
      onError: (e) => toastApiError(e, t),
    });

  return (
    <section className="grid gap-2 rounded-lg border p-4 text-sm" data-testid="virtual-panel">
      {run ? (
        <p data-testid={run.running ? 'virtual-running' : 'virtual-done'}>
          {run.running
            ? t('virtual.running', { time: time(run.endTime) })
            : t('virtual.done', { start: time(run.startTime), end: time(run.endTime) })}
        </p>
      ) : (
        <>
          <p className="text-muted-foreground">{t('virtual.intro')}</p>
          <Button className="w-fit" onClick={() => setOpen(true)} data-testid="virtual-start">
            <PlayCircle aria-hidden />
            {t('virtual.start')}
          </Button>
        </>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t('common.close')} data-testid="virtual-confirm-dialog">
          <DialogHeader>
            <DialogTitle>{t('virtual.confirmTitle')}</DialogTitle>
            <DialogDescription>
              {t('virtual.confirmText', {
                duration: t('contestPage.list.duration', { hours, minutes }),
              })}
            </DialogDescription>
          </DialogHeader>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)} data-testid="virtual-cancel">
              {t('virtual.cancel')}
            </Button>
            <Button onClick={confirm} disabled={start.isPending} data-testid="virtual-confirm">
              {t('virtual.confirm')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}
