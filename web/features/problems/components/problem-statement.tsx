import { Eye, EyeOff } from 'lucide-react';
import type * as React from 'react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContestProblemDetail } from '@/shared/api/contest-types';
import { parseExamples } from '@/shared/api/examples';
import type { StatementHtml } from '@/shared/api/types';

/** A problem's detail as the statement shows it: contest problems may withhold author, source and difficulty. */
type ProblemDetail = ContestProblemDetail;

import { ProblemType } from '@/shared/constants/problems';
import { MarkdownHtml } from '@/web/components/markdown-html';
import { LazyMarkdown } from '@/web/components/markdown-lazy';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useTagsVisible } from '../lib/use-tags-visible';
import { DifficultyBadge } from './difficulty-badge';
import { ProblemLimits } from './problem-limits';
import { SampleCase } from './sample-case';
import { SendToLocalTools } from './send-to-local-tools';
import { TagList } from './tag-list';

/** The pie and its chart code load after the statement (the problem page's first-load budget). */
const ResultPie = lazy(() => import('./result-pie'));

/**
 * One Markdown field of the statement: the server's sanitised HTML, so the page carries no Markdown code
 * (docs/architecture.md, Problem statements rendered on the server); a server that sends none gets the
 * client renderer.
 */
function StatementText({
  detail,
  field,
  className,
}: {
  detail: ProblemDetail;
  field: keyof StatementHtml;
  className?: string;
}) {
  const html = detail.statementHtml?.[field];
  if (html !== undefined) return <MarkdownHtml html={html} className={className} />;
  return <LazyMarkdown text={detail.problem[field] ?? ''} className={className} />;
}

/** A titled part of the statement; laid out only near the screen (docs/architecture.md, The first paint). */
function Section({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <section
      className="grid gap-2 [contain-intrinsic-size:auto_12rem] [content-visibility:auto]"
      data-section={id}
    >
      <h2 className="border-l-4 border-primary pl-2 text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** Judge mode, File IO (with its file names) and remove-trailing-blank tags. */
function ModeBadges({ detail }: { detail: ProblemDetail }) {
  const { t } = useTranslation();
  const p = detail.problem;
  return (
    <div className="flex flex-wrap gap-1.5" data-testid="mode-tags">
      <Badge variant="secondary" data-testid="judge-mode-tag">
        {t(`problemPage.statement.judgeMode.${p.judgeMode}`)}
      </Badge>
      {p.isFileIO && (
        <Badge variant="secondary" data-testid="file-io-tag">
          {t('problemPage.statement.fileIO', {
            input: p.ioReadFileName || 'stdin',
            output: p.ioWriteFileName || 'stdout',
          })}
        </Badge>
      )}
      {p.isRemoveEndBlank && (
        <Badge variant="secondary" data-testid="remove-end-blank-tag">
          {t('problemPage.statement.removeEndBlank')}
        </Badge>
      )}
    </div>
  );
}

function ProblemTags({ detail }: { detail: ProblemDetail }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useTagsVisible();
  if (detail.tags.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="ghost"
        size="sm"
        className="h-7 px-2 text-muted-foreground"
        aria-pressed={visible}
        onClick={() => setVisible(!visible)}
        data-testid="toggle-tags"
      >
        {visible ? <EyeOff /> : <Eye />}
        {visible ? t('problemPage.statement.hideTags') : t('problemPage.statement.showTags')}
      </Button>
      {visible && (
        <div data-testid="problem-tags">
          <TagList tags={detail.tags} />
        </div>
      )}
    </div>
  );
}

/**
 * Problem Description tab: title, mode tags, tags, limits, level and OI score, "Send to local tools";
 * then description, input, output, samples, hint and source; then the result pie. Inside a contest
 * `contestTitle` names it (local tools group the problem under it).
 */
export function ProblemStatement({
  detail,
  contestTitle,
}: {
  detail: ProblemDetail;
  contestTitle?: string | null;
}) {
  const { t } = useTranslation();
  const p = detail.problem;
  const examples = parseExamples(p.examples);
  const isOI = p.type === ProblemType.OI;
  return (
    <article className="grid gap-5" data-testid="problem-statement">
      <header className="grid gap-3">
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl" data-testid="problem-title">
          {p.title} <span className="font-normal text-muted-foreground">({p.problemId})</span>
        </h1>
        <ModeBadges detail={detail} />
        <ProblemTags detail={detail} />
        <ProblemLimits detail={detail} />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          {p.difficulty !== null && (
            <span className="inline-flex items-center gap-2" data-testid="problem-level">
              <span className="text-muted-foreground">{t('problemPage.statement.level')}</span>
              <DifficultyBadge level={p.difficulty} />
            </span>
          )}
          {isOI && (
            <span className="inline-flex items-center gap-2" data-testid="oi-score">
              <span className="text-muted-foreground">{t('problemPage.statement.oiScore')}</span>
              <span className="font-medium">{p.ioScore}</span>
            </span>
          )}
        </div>
        <SendToLocalTools detail={detail} contestTitle={contestTitle} />
      </header>
      {p.description && (
        <Section id="description" title={t('problemPage.statement.description')}>
          <StatementText detail={detail} field="description" />
        </Section>
      )}
      {p.input && (
        <Section id="input" title={t('problemPage.statement.input')}>
          <StatementText detail={detail} field="input" />
        </Section>
      )}
      {p.output && (
        <Section id="output" title={t('problemPage.statement.output')}>
          <StatementText detail={detail} field="output" />
        </Section>
      )}
      {examples.length > 0 && (
        <Section id="samples" title={t('problemPage.statement.samples')}>
          <div className="grid gap-4">
            {examples.map((example, i) => (
              <SampleCase key={i} example={example} index={i} />
            ))}
          </div>
        </Section>
      )}
      {p.hint && (
        <Section id="hint" title={t('problemPage.statement.hint')}>
          <StatementText detail={detail} field="hint" />
        </Section>
      )}
      {p.source && (
        <Section id="source" title={t('problemPage.statement.source')}>
          <StatementText detail={detail} field="source" className="text-muted-foreground" />
        </Section>
      )}
      <Section id="statistics" title={t('problemPage.statement.statistics')}>
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          <ResultPie counts={detail.problemCount} />
        </Suspense>
      </Section>
    </article>
  );
}
