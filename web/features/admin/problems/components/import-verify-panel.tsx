import { CircleAlert, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { VerifyStatus } from '@/shared/api/package-verify-types';
import { ImportVerifyReport } from './import-verify-report';

/** A refusal or failure in the server's words. */
export function ImportAlert({ text, testId }: { text: string; testId: string }) {
  return (
    <p
      role="alert"
      className="flex gap-2 whitespace-pre-wrap rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
      data-testid={testId}
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span className="min-w-0 break-words">{text}</span>
    </p>
  );
}

/**
 * A verification as it goes: waiting its turn, then submissions judged of the total, then the
 * report, or why it failed (`error` is a failed start or poll, in the server's words).
 */
export function ImportVerifyPanel({ status, error }: { status: VerifyStatus | undefined; error: string }) {
  const { t } = useTranslation();
  if (error) return <ImportAlert text={error} testId="verify-error" />;
  if (!status || status.state === 'running') {
    const done = status?.done ?? 0;
    const total = status?.total ?? 0;
    return (
      <div className="grid gap-2" data-testid="verify-progress">
        <p className="flex items-center gap-2 text-sm" role="status">
          <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden />
          {status?.waiting
            ? t('admin.problemImport.waiting', { count: status.waiting })
            : t('admin.problemImport.verifying', { done, total: total || '…' })}
        </p>
        <div
          className="h-1.5 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label={t('admin.problemImport.verify')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
        >
          <div
            className="h-full bg-primary transition-[width]"
            style={{ width: total > 0 ? `${(done / total) * 100}%` : '0%' }}
          />
        </div>
      </div>
    );
  }
  if (status.state === 'failed') return <ImportAlert text={status.error ?? ''} testId="verify-error" />;
  return status.report ? <ImportVerifyReport report={status.report} /> : null;
}
