import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JudgeStatus } from '@/shared/constants/judge-status';
import { StatusTag } from '@/web/components/status-tag';
import { QueuePlace } from './queue-place';

/**
 * The status box beside Submit: Submitting while the request runs, then the polled
 * status of the new submission (Pending → Compiling → Judging → verdict), linking to its detail.
 */
export function SubmitStatus({
  submitting,
  submitId,
  status,
  queue = null,
  detailPath = (id) => `/submission-detail/${id}`,
}: {
  submitting: boolean;
  submitId: number | null;
  status: number | undefined;
  /** its place in the judge queue while it waits */
  queue?: { position: number; etaSeconds: number | null } | null;
  /** where the new submission's detail opens (contests keep it inside the contest) */
  detailPath?: (submitId: number) => string;
}) {
  const { t } = useTranslation();
  if (submitting) return <StatusTag status={JudgeStatus.SUBMITTING} data-testid="status-tag" />;
  if (submitId === null) return null;
  const label = t('web.submit.viewDetail', { id: submitId });
  return (
    <span className="flex flex-wrap items-center gap-x-2">
      <Link
        to={detailPath(submitId)}
        className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        aria-label={label}
        title={label}
        data-testid="status-link"
      >
        <StatusTag status={status ?? JudgeStatus.PENDING} data-testid="status-tag" />
      </Link>
      {queue && <QueuePlace position={queue.position} etaSeconds={queue.etaSeconds} />}
    </span>
  );
}
