import { useTranslation } from 'react-i18next';
import { isInProgress, statusInfo } from '@/shared/constants/judge-status';

/** A verdict's name in its colour; a pulsing dot while the judge is still working. */
export function StatusText({ status, testId }: { status: number; testId?: string }) {
  const { t } = useTranslation();
  const info = statusInfo(status);
  return (
    <span
      className="inline-flex items-center gap-1 font-medium"
      style={{ color: info.color }}
      data-testid={testId}
      data-status={status}
    >
      {isInProgress(status) && <span className="size-1.5 animate-pulse rounded-full bg-current" />}
      {t(`status.${info.key}`)}
    </span>
  );
}
