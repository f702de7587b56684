import { useParams } from 'react-router';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useProblemDetail } from '../api';
import { CodePanel } from '../components/code-panel';
import { LoadFailed, ProblemSplit, StatementSkeleton, useDesktopSplit } from '../components/problem-split';
import { ProblemTabs } from '../components/problem-tabs';
import { useCodeWorkspace } from '../use-code-workspace';

export function Component() {
  const { problemId = '' } = useParams();
  const query = useProblemDetail(problemId);
  const desktop = useDesktopSplit();
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

  // the header is h-14 (3.5rem); on a desktop the split takes the rest of the viewport
  return <ProblemSplit statement={statement} editor={editor} desktop={desktop} />;
}
