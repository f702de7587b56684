import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { EDITOR_DEFAULTS } from '@/shared/constants/editor';
import { cn } from '@/shared/lib/utils';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useMediaMatch, useMediaQuery } from '@/web/lib/use-media-query';

/** Minimum width of the editor side on a desktop split. */
const MIN_EDITOR_PX = 580;

const DESKTOP_SPLIT_QUERY = '(min-width: 1024px)';

export function useDesktopSplit(): boolean {
  return useMediaQuery(DESKTOP_SPLIT_QUERY);
}

/**
 * Whether the page is wide enough for the split; null where that is not known: on the server and
 * in the app's first render over the server's markup, where the layout is left to CSS.
 */
export function useDesktopSplitKnown(): boolean | null {
  return useMediaMatch(DESKTOP_SPLIT_QUERY);
}

/**
 * The problem page's two sides: statement and editor side by side on a desktop (resizable), stacked on
 * smaller screens. `className` sets the split's height on a desktop.
 */
export function ProblemSplit({
  statement,
  editor,
  desktop,
  className,
}: {
  statement: ReactNode;
  editor: ReactNode;
  /** null: not known (the server's first render, and the app's over it), the layout is left to CSS */
  desktop: boolean | null;
  className?: string;
}) {
  if (desktop === null) {
    // the two forms below in one, by CSS: stacked on small screens, side by side (as the resizable
    // split draws them at first, half and half) from 1024 px
    return (
      <div className={cn('flex flex-col lg:h-[calc(100dvh-3.5rem)] lg:flex-row', className)}>
        <div
          className="min-h-[calc(100dvh-3.5rem)] lg:min-h-0 lg:flex-1 lg:basis-0"
          data-testid="problem-statement-area"
        >
          {statement}
        </div>
        <div className="w-1.5 shrink-0 bg-border max-lg:hidden" />
        {/* 580px: MIN_EDITOR_PX, which a class name cannot read */}
        <div className="border-t lg:min-w-[580px] lg:flex-1 lg:basis-0 lg:border-t-0">{editor}</div>
      </div>
    );
  }
  if (!desktop) {
    // Stacked, the statement holds at least a screen below the top bar from the first paint: the
    // editor starts below the fold whether the statement is still a skeleton or has arrived, so it
    // never jumps away from under the reader (layout shift, docs/benchmarks.md).
    return (
      <div className="flex flex-col">
        <div className="min-h-[calc(100dvh-3.5rem)]" data-testid="problem-statement-area">
          {statement}
        </div>
        <div className="border-t">{editor}</div>
      </div>
    );
  }
  return (
    <div className={cn('h-[calc(100dvh-3.5rem)]', className)}>
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

/**
 * The editor side's room, until the editor is drawn: in the server's first render and the app's
 * over it, and on a phone in the app's first render (the editor follows right after it).
 */
export function EditorPlaceholder() {
  return (
    <div className="flex flex-col bg-card lg:h-full" aria-hidden="true" data-testid="code-panel-placeholder">
      <div className="h-12 shrink-0 border-b" />
      <div
        className="h-(--editor-height) min-h-0 lg:h-auto lg:flex-1"
        style={{ '--editor-height': `${EDITOR_DEFAULTS.height}px` } as CSSProperties}
      />
      <div className="h-12 shrink-0 border-t" />
    </div>
  );
}

export function StatementSkeleton() {
  return (
    <div className="grid gap-4 pt-3">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/** The statement could not be loaded: say so and offer a retry (a failed load disables submit). */
export function LoadFailed({ onRetry }: { onRetry(): void }) {
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
