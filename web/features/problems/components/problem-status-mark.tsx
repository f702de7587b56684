import { CircleCheck, CircleMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { JudgeStatus } from '@/shared/constants/judge-status';

export type ProblemMark = 'accepted' | 'tried' | 'none';

/** HOJ's marks: accepted (any AC), tried (submitted, no AC), none (never submitted). */
export function markOf(status: number | undefined): ProblemMark {
  if (status === undefined || status === JudgeStatus.NOT_SUBMITTED) return 'none';
  return status === JudgeStatus.ACCEPTED ? 'accepted' : 'tried';
}

/** The caller's mark on a problem: a green tick or an amber dash, named for screen readers. */
export function ProblemStatusMark({ status, problemId }: { status: number | undefined; problemId: string }) {
  const { t } = useTranslation();
  const mark = markOf(status);
  const label = t(`problemPage.list.mark.${mark}`);
  return (
    <span
      className="inline-flex size-5 items-center justify-center"
      data-testid={`problem-mark-${problemId}`}
      data-mark={mark}
      title={mark === 'none' ? undefined : label}
    >
      {mark === 'accepted' && <CircleCheck className="size-4 text-green-600" aria-label={label} />}
      {mark === 'tried' && <CircleMinus className="size-4 text-amber-500" aria-label={label} />}
      {mark === 'none' && <span className="sr-only">{label}</span>}
    </span>
  );
}
