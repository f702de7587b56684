import { useTranslation } from 'react-i18next';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { useParams } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useMediaQuery } from '@/web/lib/use-media-query';
import { useProblemDetail } from '../api';
import { CodePanel } from '../components/code-panel';
import { ProblemTabs } from '../components/problem-tabs';
import { useCodeWorkspace } from '../use-code-workspace';

/** Spec §2: minimum width of the editor side on a desktop split. */
const MIN_EDITOR_PX = 580;

function StatementSkeleton() {
  return (
    <div className="grid gap-4 pt-3">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className="grid justify-items-start gap-3 pt-4" role="alert" data-testid="problem-load-failed">
      <p className="text-muted-foreground">{t('problemPage.loadFailed')}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('common.refresh')}
      </Button>
    </div>
  );
}

export function Component() {
  const { problemId = '' } = useParams();
  const query = useProblemDetail(problemId);
  const desktop = useMediaQuery('(min-width: 1024px)');
  useDocumentTitle(query.data?.problem.title ?? problemId);

  const statement = (
    <div className={desktop ? 'h-full overflow-y-auto px-6 pb-6' : 'px-4 pt-2 pb-5 sm:px-6'}>
      {query.isPending && <StatementSkeleton />}
      {query.isError && <LoadFailed onRetry={() => void query.refetch()} />}
      {query.data && <ProblemTabs detail={query.data} />}
    </div>
  );
  const workspace = useCodeWorkspace(problemId, query.data, query.isError);
  const editor = <CodePanel workspace={workspace} fill={desktop} />;

  if (!desktop) {
    return (
      <div className="flex flex-col">
        {statement}
        <div className="border-t">{editor}</div>
      </div>
    );
  }
  return (
    // the header is h-14 (3.5rem); the split takes the rest of the viewport
    <div className="h-[calc(100dvh-3.5rem)]">
      <Group orientation="horizontal">
        <Panel id="statement" minSize="25%" defaultSize="50%">
          {statement}
        </Panel>
        <Separator className="w-1.5 bg-border outline-none transition-colors hover:bg-primary/40 focus-visible:bg-primary/60 data-[separator=active]:bg-primary/60" />
        <Panel id="editor" minSize={MIN_EDITOR_PX} defaultSize="50%">
          {editor}
        </Panel>
      </Group>
    </div>
  );
}
