import { lazy, Suspense } from 'react';
import { Skeleton } from '@/web/components/ui/skeleton';

/**
 * The submission detail is a chunk of its own: other features (a contest's, a group's detail)
 * show it, but the problem page, which takes the submit flow from this feature, must not download
 * it (the first-load budget, tests/e2e/bundle-budget.e2e.test.ts).
 */
const View = lazy(() =>
  import('./routes/submission-detail-route').then((m) => ({ default: m.SubmissionDetailView })),
);

/** A submission's detail (status, cases, code), loaded when first shown. */
export function SubmissionDetailView({ submitId }: { submitId: number }) {
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <View submitId={submitId} />
    </Suspense>
  );
}
