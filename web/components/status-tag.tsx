import { CircleCheck, CircleHelp, CircleX, Loader2, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isInProgress, JudgeStatus, statusInfo } from '@/shared/constants/judge-status';
import { cn } from '@/shared/lib/utils';
import { readableTextColor } from '@/web/components/lib/color';

function StatusIcon({ status }: { status: number }) {
  if (isInProgress(status)) return <Loader2 className="animate-spin" aria-hidden />;
  if (status === JudgeStatus.ACCEPTED) return <CircleCheck aria-hidden />;
  if (status === JudgeStatus.COMPILE_ERROR || status === JudgeStatus.PRESENTATION_ERROR)
    return <TriangleAlert aria-hidden />;
  if (status === JudgeStatus.SUBMITTED_UNKNOWN || status === JudgeStatus.NOT_SUBMITTED)
    return <CircleHelp aria-hidden />;
  return <CircleX aria-hidden />;
}

/** A verdict as colour + icon + name (never colour alone). */
export function StatusTag({
  status,
  className,
  ...rest
}: { status: number; className?: string } & Record<`data-${string}`, string>) {
  const { t } = useTranslation();
  const info = statusInfo(status);
  return (
    <span
      {...rest}
      data-status={status}
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-0.5 text-xs font-medium [&>svg]:size-3.5',
        className,
      )}
      style={{ backgroundColor: info.color, color: readableTextColor(info.color) }}
    >
      <StatusIcon status={status} />
      {t(`status.${info.key}`)}
    </span>
  );
}
