import { useQueryClient } from '@tanstack/react-query';
import { Download, FileWarning, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toastApiError } from '@/web/lib/api-errors';
import { downloadFile } from '@/web/lib/download-file';
import { submissionKeys, useWrongCaseInfo } from '../api';

/**
 * The wrong-case download card: the first failing case's input and expected output as a zip,
 * for the owner (and admins), with the daily quota said up front and a confirmation that a
 * download uses one of them.
 */
export function WrongCaseCard({ submitId }: { submitId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: info, isPending, isError } = useWrongCaseInfo(submitId, true);
  const [confirm, setConfirm] = useState(false);
  const [downloading, setDownloading] = useState(false);
  if (isError) return null;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile('/api/file/download-wrong-case', { submitId }, `submission-${submitId}.zip`);
      toast.success(t('workspace.wrongCase.downloaded'));
    } catch (error) {
      toastApiError(error, t);
    } finally {
      setDownloading(false);
      void queryClient.invalidateQueries({ queryKey: submissionKeys.wrongCase(submitId) });
    }
  };

  return (
    <section className="grid gap-3 rounded-lg border bg-card px-4 py-3" data-testid="wrong-case-card">
      <div className="flex flex-wrap items-center gap-3">
        <FileWarning className="size-5 text-muted-foreground" aria-hidden />
        <h2 className="font-semibold">{t('workspace.wrongCase.title')}</h2>
        {info && !info.reason && (
          <span className="text-sm text-muted-foreground tabular-nums" data-testid="wrong-case-remaining">
            {t('workspace.wrongCase.remaining', { remaining: info.remaining, limit: info.dailyLimit })}
          </span>
        )}
        {info && !info.reason && (
          <Button
            size="sm"
            className="ml-auto"
            disabled={!info.downloadable || downloading}
            onClick={() => setConfirm(true)}
            data-testid="wrong-case-download"
          >
            {downloading ? <Loader2 className="animate-spin" /> : <Download />}
            {t('workspace.wrongCase.download')}
          </Button>
        )}
      </div>
      {isPending && <Skeleton className="h-4 w-2/3" />}
      {info && (
        <p className="text-sm text-muted-foreground" data-testid="wrong-case-text">
          {info.reason ??
            (info.remaining > 0
              ? t('workspace.wrongCase.description', { seq: info.caseSeq })
              : t('workspace.wrongCase.usedUp', { limit: info.dailyLimit }))}
        </p>
      )}
      {info && (
        <ConfirmDialog
          open={confirm}
          onOpenChange={setConfirm}
          title={t('workspace.wrongCase.confirmTitle')}
          description={t('workspace.wrongCase.confirm', {
            remaining: info.remaining,
            limit: info.dailyLimit,
          })}
          confirmLabel={t('workspace.wrongCase.download')}
          onConfirm={() => void download()}
          testId="wrong-case-confirm"
        />
      )}
    </section>
  );
}
