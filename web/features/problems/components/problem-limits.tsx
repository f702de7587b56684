import { Clock, MemoryStick } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ContestProblemDetail as ProblemDetail } from '@/shared/api/contest-types';
import { formatMemory, formatTime } from '@/shared/format';
import { factorText, scaledLimits } from '../lib/limits';

/**
 * Time and memory limits: the problem's own (C and C++), then each other group of languages
 * with its factor from the judge's language table, e.g. "Java, Python3: 2000ms / 512MB (2×)".
 */
export function ProblemLimits({ detail }: { detail: ProblemDetail }) {
  const { t } = useTranslation();
  const p = detail.problem;
  const others = scaledLimits(p.timeLimit, p.memoryLimit, detail.languages, detail.limitFactors);
  return (
    <div className="grid gap-1 text-sm" data-testid="problem-limits">
      <dl className="flex flex-wrap items-center gap-x-5 gap-y-1">
        <div className="inline-flex items-center gap-1.5">
          <dt className="inline-flex items-center gap-1.5 text-muted-foreground">
            <Clock className="size-4" aria-hidden />
            {t('problemPage.statement.timeLimit')}
          </dt>
          <dd data-testid="time-limit" data-time-limit-ms={p.timeLimit} className="font-medium">
            {formatTime(p.timeLimit)}
          </dd>
        </div>
        <div className="inline-flex items-center gap-1.5">
          <dt className="inline-flex items-center gap-1.5 text-muted-foreground">
            <MemoryStick className="size-4" aria-hidden />
            {t('problemPage.statement.memoryLimit')}
          </dt>
          <dd data-testid="memory-limit" data-memory-limit-mb={p.memoryLimit} className="font-medium">
            {formatMemory(p.memoryLimit * 1024)}
          </dd>
        </div>
      </dl>
      {others.map((g) => (
        <p key={g.languages.join()} className="text-muted-foreground" data-testid="limits-other">
          {t('problemPage.statement.otherLanguages', {
            languages: g.languages.join(', '),
            time: formatTime(g.timeLimit),
            memory: formatMemory(g.memoryLimit * 1024),
            factor: factorText(g.factor),
          })}
        </p>
      ))}
    </div>
  );
}
