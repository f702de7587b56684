import { lazy, Suspense } from 'react';
import { Skeleton } from './ui/skeleton';

/** The Markdown renderer (remark, rehype, KaTeX) is a chunk of its own, fetched when first shown. */
const Markdown = lazy(() => import('./markdown').then((m) => ({ default: m.Markdown })));

/** `Markdown`, loaded on first use; a line of skeleton stands in while its code arrives. */
export function LazyMarkdown({ text, className }: { text: string; className?: string }) {
  return (
    <Suspense fallback={<Skeleton className="my-2 h-5 w-3/4" data-testid="markdown-loading" />}>
      <Markdown text={text} className={className} />
    </Suspense>
  );
}
