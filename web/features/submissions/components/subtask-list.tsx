import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SubtaskResult } from '@/shared/api/types';
import { formatMemory, formatTime } from '@/shared/format';
import { StatusTag } from '@/web/components/status-tag';
import { CaseTiles } from './case-tiles';

/** Subtask-based problems: one collapsible group per subtask with its own verdict and score. */
export function SubtaskList({ groups }: { groups: SubtaskResult[] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2" data-testid="subtasks">
      {groups.map((g) => (
        <details
          key={g.groupNum}
          className="group rounded-lg border"
          data-testid="subtask"
          open={g.ac !== g.total}
        >
          <summary className="flex cursor-pointer list-none flex-wrap items-center gap-3 px-3 py-2">
            <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden />
            <span className="font-medium">{t('web.submissionDetail.subtask', { group: g.groupNum })}</span>
            <StatusTag status={g.status} />
            {/* an ACM problem's subtasks have no score */}
            {g.score !== null && (
              <span className="text-sm tabular-nums">
                {t('web.submissionDetail.score', { score: g.score })}
              </span>
            )}
            <span className="text-sm text-muted-foreground">
              {t('web.submissionDetail.subtaskPassed', { ac: g.ac, total: g.total })}
            </span>
            {g.time !== null && (
              <span className="ml-auto text-xs tabular-nums text-muted-foreground">
                {formatTime(g.time)} · {formatMemory(g.memory)}
              </span>
            )}
          </summary>
          <div className="border-t p-3">
            <CaseTiles cases={g.subtaskDetailList} showScore />
          </div>
        </details>
      ))}
    </div>
  );
}
