import { BookOpen, History, Lightbulb, Paperclip } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProblemDetail } from '@/shared/api/types';
import { ProblemType } from '@/shared/constants/problems';
import { Skeleton } from '@/web/components/ui/skeleton';
import { hasAnnex } from '../lib/annex';
import { ProblemMetaScript } from './problem-meta-script';
import { ProblemStatement } from './problem-statement';

/**
 * The tabs after the description are chunks of their own, fetched when the pointer or the focus
 * reaches the tab list (or a tab opens): the problem page's first load stays small.
 */
const loadExplain = () => import('./explain-list');
const loadMine = () => import('./my-submissions');
const loadAnnex = () => import('./problem-annex');
const ExplainList = lazy(() => loadExplain().then((m) => ({ default: m.ExplainList })));
const MySubmissions = lazy(() => loadMine().then((m) => ({ default: m.MySubmissions })));
const ProblemAnnex = lazy(() => loadAnnex().then((m) => ({ default: m.ProblemAnnex })));
const prefetchTabs = () => void Promise.all([loadExplain(), loadMine(), loadAnnex()]).catch(() => undefined);
const tabFallback = <Skeleton className="h-40 w-full" data-testid="problem-tab-loading" />;

export type ProblemTab = 'description' | 'mySubmission' | 'explain' | 'annex';

const triggerClass =
  'inline-flex shrink-0 items-center gap-1.5 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=active]:border-primary data-[state=active]:text-foreground [&_svg]:size-4';

function Trigger({ value, icon, children }: { value: ProblemTab; icon: ReactNode; children: ReactNode }) {
  return (
    <Tabs.Trigger value={value} className={triggerClass} data-testid={`problem-tab-${value}`}>
      {icon}
      {children}
    </Tabs.Trigger>
  );
}

/**
 * Left side of the problem page: Problem Description, My Submission, Explain, and
 * Problem Annex when the problem has files for its solvers. Tabs other than the description
 * mount (and load) only when opened.
 */
export function ProblemTabs({
  detail,
  gid,
}: {
  detail: ProblemDetail /** a group's problem */;
  gid?: number;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<ProblemTab>('description');
  const p = detail.problem;
  const annex = hasAnnex(p.userExtraFile);
  return (
    <Tabs.Root value={tab} onValueChange={(v) => setTab(v as ProblemTab)} className="grid gap-4">
      <ProblemMetaScript problem={p} />
      <Tabs.List
        className="-mx-4 flex overflow-x-auto border-b bg-background px-2 sm:-mx-6 sm:px-4 lg:sticky lg:top-0 lg:z-10 lg:pt-2"
        aria-label={t('problemPage.tabs.label')}
        onPointerEnter={prefetchTabs}
        onFocus={prefetchTabs}
      >
        <Trigger value="description" icon={<BookOpen />}>
          {t('problemPage.tabs.description')}
        </Trigger>
        <Trigger value="mySubmission" icon={<History />}>
          {t('problemPage.tabs.mySubmission')}
        </Trigger>
        <Trigger value="explain" icon={<Lightbulb />}>
          {t('problemPage.tabs.explain')}
        </Trigger>
        {annex && (
          <Trigger value="annex" icon={<Paperclip />}>
            {t('problemPage.tabs.annex')}
          </Trigger>
        )}
      </Tabs.List>
      <Tabs.Content value="description" className="outline-none">
        <ProblemStatement detail={detail} />
      </Tabs.Content>
      <Tabs.Content value="mySubmission" className="outline-none">
        <Suspense fallback={tabFallback}>
          <MySubmissions problemId={p.problemId} isOI={p.type === ProblemType.OI} gid={gid} />
        </Suspense>
      </Tabs.Content>
      <Tabs.Content value="explain" className="outline-none">
        <Suspense fallback={tabFallback}>
          <ExplainList problemId={p.problemId} gid={gid} />
        </Suspense>
      </Tabs.Content>
      {annex && (
        <Tabs.Content value="annex" className="outline-none">
          <Suspense fallback={tabFallback}>
            <ProblemAnnex problemId={p.problemId} gid={gid} />
          </Suspense>
        </Tabs.Content>
      )}
    </Tabs.Root>
  );
}
