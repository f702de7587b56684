import { lazy, Suspense } from 'react';
import { Skeleton } from '@/web/components/ui/skeleton';
import type { CodeEditorProps } from './code-editor';

const CodeEditor = lazy(() => import('./code-editor'));

/** The editor as a lazy chunk, with a placeholder of the same height while it loads. */
export function LazyCodeEditor(props: CodeEditorProps & { testId?: string }) {
  const { testId, ...rest } = props;
  return (
    <div data-testid={testId} className="h-full min-h-0">
      <Suspense fallback={<Skeleton className="h-full min-h-40 w-full rounded-none" />}>
        <CodeEditor {...rest} />
      </Suspense>
    </div>
  );
}
