import { startTransition, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { isNotFound } from '@/shared/api/client';
import { NotFoundPage } from '@/web/features/not-found';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useProblemDetail } from '../api';
import { CodePanel } from '../components/code-panel';
import {
  EditorPlaceholder,
  LoadFailed,
  ProblemSplit,
  StatementSkeleton,
  useDesktopSplitKnown,
} from '../components/problem-split';
import { ProblemTabs } from '../components/problem-tabs';
import { useCodeWorkspace } from '../use-code-workspace';

/** The statement side's padding: split (scrolling on its own), stacked, or either by CSS (null). */
const STATEMENT_CLASS = {
  split: 'h-full overflow-y-auto px-6 pb-6',
  stacked: 'px-4 pt-2 pb-5 sm:px-6',
  either: 'px-4 pt-2 pb-5 sm:px-6 lg:h-full lg:overflow-y-auto lg:px-6 lg:pt-0 lg:pb-6',
};

/**
 * The server draws the statement and keeps the editor's room (docs/architecture.md, The first
 * paint); the app's first render over that markup draws the same, with the layout left to CSS
 * (`desktop` null), and the editor, its drafts and the reader's layout come right after.
 */
export function Component() {
  const { problemId = '' } = useParams();
  return <ProblemPage problemId={problemId} />;
}

/**
 * Stacked on a phone, the editor starts below the statement, out of view: it is drawn right after
 * the page's first render rather than in it, so that render (and its one long task) is the
 * statement's alone (docs/benchmarks.md, Sixth pass). Beside the statement it comes at once.
 */
function useEditorAfterStatement(desktop: boolean | null): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setLater(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return desktop === true || later;
}

function ProblemPage({ problemId }: { problemId: string }) {
  const query = useProblemDetail(problemId);
  const desktop = useDesktopSplitKnown();
  useDocumentTitle(query.data?.problem.title ?? problemId);

  const statement = (
    <div className={STATEMENT_CLASS[desktop === null ? 'either' : desktop ? 'split' : 'stacked']}>
      {query.isPending && <StatementSkeleton />}
      {query.isError && <LoadFailed onRetry={() => void query.refetch()} />}
      {query.data && <ProblemTabs detail={query.data} />}
    </div>
  );
  const workspace = useCodeWorkspace(problemId, query.data, query.isError);
  const editorShown = useEditorAfterStatement(desktop);
  // a problem that does not exist (or that the reader may not see) has nothing to retry
  if (isNotFound(query.error)) return <NotFoundPage />;
  const editor = editorShown ? <CodePanel workspace={workspace} fill={!!desktop} /> : <EditorPlaceholder />;

  // the header is h-14 (3.5rem); on a desktop the split takes the rest of the viewport
  return <ProblemSplit statement={statement} editor={editor} desktop={desktop} />;
}
