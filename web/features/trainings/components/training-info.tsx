import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TrainingDetail } from '@/shared/api/training-types';
import { formatDateTime } from '@/shared/format';
import { CategoryChip, TrainingAuthBadge } from './training-badges';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center justify-between gap-3 py-1.5">
      <dt className="shrink-0 text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right text-sm">{children}</dd>
    </div>
  );
}

/** HOJ's facts of a training beside its introduction. */
export function TrainingInfo({ training }: { training: TrainingDetail }) {
  const { t } = useTranslation();
  return (
    <dl className="divide-y rounded-lg border bg-card px-4 py-2" data-testid="training-info">
      <Row label={t('training.page.info.number')}>
        <span className="tabular-nums">{training.rank}</span>
      </Row>
      <Row label={t('training.page.info.auth')}>
        <TrainingAuthBadge auth={training.auth} className="ml-auto" />
      </Row>
      <Row label={t('training.page.info.category')}>
        {training.categoryName ? (
          <CategoryChip name={training.categoryName} color={training.categoryColor} />
        ) : (
          '—'
        )}
      </Row>
      <Row label={t('training.page.info.problems')}>
        <span className="tabular-nums" data-testid="training-problem-count">
          {training.problemCount}
        </span>
      </Row>
      <Row label={t('training.page.info.author')}>
        <Link
          to={`/user-home?username=${encodeURIComponent(training.author)}`}
          className="break-all text-primary hover:underline"
        >
          {training.author}
        </Link>
      </Row>
      <Row label={t('training.page.info.updated')}>
        <span className="tabular-nums">{formatDateTime(training.gmtModified)}</span>
      </Row>
    </dl>
  );
}
