import { lazy, Suspense } from 'react';
import { Skeleton } from '@/web/components/ui/skeleton';
import type { BarFigureProps } from './bar-figure';

// recharts is a chunk of its own: a page draws its text first and its chart when the chunk arrives
const BarFigure = lazy(() => import('./bar-figure'));

/** A themed, accessible bar chart (bar-figure.tsx), loaded on demand. */
export function ChartFigure(props: BarFigureProps) {
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <BarFigure {...props} />
    </Suspense>
  );
}

export type { BarFigureProps, BarSeries } from './bar-figure';
