import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { statusInfo } from '@/shared/constants/judge-status';
import { cn } from '@/shared/lib/utils';
import { trainingPath, trainingProblemPath } from '../lib';

export interface BarProblem {
  problemId: string;
  title: string;
  /** the caller's verdict (null: none, or a visitor) */
  status: number | null;
}

/**
 * Above a problem opened inside a training: the way back to the training and its problems as
 * links (HOJ's focus-mode list), each marked with the caller's verdict, the open one pressed.
 */
export function TrainingProblemBar({
  tid,
  title,
  problems,
  current,
}: {
  tid: number;
  title: string | undefined;
  problems: readonly BarProblem[];
  current: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2" data-testid="training-problem-bar">
      <Link
        to={trainingPath(tid, 'problems')}
        className="inline-flex w-fit max-w-full items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        data-testid="training-problem-back"
      >
        <ArrowLeft className="size-4 shrink-0" aria-hidden />
        <span className="truncate">{title ?? t('training.page.title')}</span>
      </Link>
      {problems.length > 0 && (
        <nav aria-label={t('training.page.problemSwitcher')} className="-mx-1 overflow-x-auto px-1 pb-1">
          <ul className="flex gap-1.5">
            {problems.map((p) => {
              const active = p.problemId === current;
              const verdict = p.status === null ? null : statusInfo(p.status);
              return (
                <li key={p.problemId} className="shrink-0">
                  <Link
                    to={trainingProblemPath(tid, p.problemId)}
                    aria-current={active ? 'page' : undefined}
                    title={verdict ? `${p.title} · ${t(`status.${verdict.key}`)}` : p.title}
                    className={cn(
                      'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 font-mono text-xs transition-colors hover:bg-accent',
                      active && 'border-primary bg-primary/10 font-semibold text-primary',
                    )}
                    data-testid={`training-bar-${p.problemId}`}
                    data-status={p.status ?? undefined}
                  >
                    <span
                      aria-hidden
                      className="size-2 rounded-full"
                      style={{
                        backgroundColor: verdict?.color ?? 'transparent',
                        boxShadow: 'inset 0 0 0 1px currentColor',
                      }}
                    />
                    {p.problemId}
                    {verdict && <span className="sr-only">{t(`status.${verdict.key}`)}</span>}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </div>
  );
}
