import { useTranslation } from 'react-i18next';
import type { JudgeCase } from '@/shared/api/types';
import { statusInfo } from '@/shared/constants/judge-status';
import { formatMemory, formatTime } from '@/shared/format';
import { readableTextColor } from '@/web/components/lib/color';

/** One tile per test case: number, verdict, time and memory as text on the verdict's colour. */
export function CaseTiles({
  cases,
  showScore,
}: {
  cases: JudgeCase[] /** OI submissions */;
  showScore: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(7.5rem,1fr))] gap-2" data-testid="case-tiles">
      {cases.map((c) => {
        const info = statusInfo(c.status);
        const name = t(`status.${info.key}`);
        return (
          <li
            key={c.seq}
            data-testid="case-tile"
            data-status={c.status}
            title={name}
            className="grid gap-0.5 rounded-md px-3 py-2 text-xs"
            style={{ backgroundColor: info.color, color: readableTextColor(info.color) }}
          >
            <span className="flex items-baseline justify-between gap-2">
              <span className="font-semibold">{t('web.submissionDetail.case', { seq: c.seq })}</span>
              <span className="font-bold uppercase">{info.short}</span>
            </span>
            <span className="sr-only">{name}</span>
            <span className="tabular-nums opacity-90">
              {formatTime(c.time)} · {formatMemory(c.memory)}
            </span>
            {showScore && c.score !== null && c.score !== undefined && (
              <span className="tabular-nums opacity-90">
                {t('web.submissionDetail.score', { score: c.score })}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
