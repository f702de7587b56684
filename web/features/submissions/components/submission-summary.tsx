import { useTranslation } from 'react-i18next';
import type { Submission } from '@/shared/api/types';
import { formatDateTime, formatLength, formatMemory, formatTime } from '@/shared/format';

/** Time, memory, length, language, author and submit time of one submission. */
export function SubmissionSummary({ submission: s }: { submission: Submission }) {
  const { t } = useTranslation();
  const items: [string, string][] = [
    ['time', formatTime(s.time)],
    ['memory', formatMemory(s.memory)],
    ['length', formatLength(s.length)],
    ['language', s.language],
    ['author', s.username],
    ['submitTime', formatDateTime(s.submitTime)],
  ];
  if (s.score !== null && s.score !== undefined) items.splice(3, 0, ['score', String(s.score)]);
  return (
    <dl
      className="flex flex-wrap gap-px overflow-hidden rounded-lg border bg-border"
      data-testid="submission-summary"
    >
      {items.map(([key, value]) => (
        <div key={key} className="grid min-w-36 flex-1 basis-36 gap-1 bg-card px-3 py-2">
          <dt className="text-xs text-muted-foreground">{t(`web.submissions.columns.${key}`)}</dt>
          <dd className="truncate text-sm font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
