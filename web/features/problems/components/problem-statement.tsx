import { Clock, MemoryStick } from 'lucide-react';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { parseExamples } from '@/shared/api/examples';
import type { ProblemDetail } from '@/shared/api/types';
import { formatMemory, formatTime } from '@/shared/format';
import { Markdown } from '@/web/components/markdown';
import { Badge } from '@/web/components/ui/badge';
import { DifficultyBadge } from './difficulty-badge';
import { SampleCase } from './sample-case';
import { TagList } from './tag-list';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-2">
      <h2 className="border-l-4 border-primary pl-2 text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function ModeBadges({ detail }: { detail: ProblemDetail }) {
  const { t } = useTranslation();
  const p = detail.problem;
  return (
    <div className="flex flex-wrap gap-1.5">
      {p.judgeMode !== 'default' && (
        <Badge variant="secondary">{t(`web.problem.judgeMode.${p.judgeMode}`)}</Badge>
      )}
      {p.isFileIO && (
        <Badge variant="secondary">
          {t('web.problem.fileIO', { input: p.ioReadFileName ?? '', output: p.ioWriteFileName ?? '' })}
        </Badge>
      )}
      {p.isRemoveEndBlank && <Badge variant="secondary">{t('web.problem.removeEndBlank')}</Badge>}
      {p.type === 1 && <Badge variant="secondary">{t('web.problem.oi', { score: p.ioScore })}</Badge>}
    </div>
  );
}

/** Left side of the problem page: title, limits, tags and the statement (spec §2). */
export function ProblemStatement({ detail }: { detail: ProblemDetail }) {
  const { t } = useTranslation();
  const p = detail.problem;
  const examples = parseExamples(p.examples);
  return (
    <article className="grid gap-5" data-testid="problem-statement">
      <header className="grid gap-3">
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl" data-testid="problem-title">
          {p.title} <span className="font-normal text-muted-foreground">({p.problemId})</span>
        </h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5" data-testid="time-limit">
            <Clock className="size-4" aria-hidden />
            {t('web.problem.timeLimit')}: {formatTime(p.timeLimit)}
          </span>
          <span className="inline-flex items-center gap-1.5" data-testid="memory-limit">
            <MemoryStick className="size-4" aria-hidden />
            {t('web.problem.memoryLimit')}: {formatMemory(p.memoryLimit * 1024)}
          </span>
          <DifficultyBadge level={p.difficulty} />
        </div>
        <ModeBadges detail={detail} />
        <TagList tags={detail.tags} />
      </header>
      {p.description && (
        <Section title={t('web.problem.description')}>
          <Markdown text={p.description} />
        </Section>
      )}
      {p.input && (
        <Section title={t('web.problem.input')}>
          <Markdown text={p.input} />
        </Section>
      )}
      {p.output && (
        <Section title={t('web.problem.output')}>
          <Markdown text={p.output} />
        </Section>
      )}
      {examples.length > 0 && (
        <Section title={t('web.problem.samples')}>
          <div className="grid gap-4">
            {examples.map((example, i) => (
              <SampleCase key={i} example={example} index={i} />
            ))}
          </div>
        </Section>
      )}
      {p.hint && (
        <Section title={t('web.problem.hint')}>
          <Markdown text={p.hint} />
        </Section>
      )}
      {p.source && (
        <Section title={t('web.problem.source')}>
          <Markdown text={p.source} className="text-muted-foreground" />
        </Section>
      )}
    </article>
  );
}
