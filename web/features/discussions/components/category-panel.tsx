import { ChevronRight, FolderOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DiscussionCategory } from '@/shared/api/discussion-types';
import { cn } from '@/shared/lib/utils';
import { Skeleton } from '@/web/components/ui/skeleton';

/**
 * HOJ's category side bar: "all" and each category. From a tablet up a list beside the
 * discussions; on a phone a row of chips above them that scrolls sideways.
 */
export function CategoryPanel({
  categories,
  current,
  onChange,
  loading,
}: {
  categories: readonly DiscussionCategory[];
  current: number | undefined;
  onChange(id: number | undefined): void;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const items = [{ id: undefined, name: t('discussion.page.allCategories') }, ...categories];
  return (
    <nav aria-label={t('discussion.page.categories')} className="min-w-0" data-testid="category-panel">
      <h2 className="mb-2 hidden items-center gap-1.5 text-sm font-semibold md:flex">
        <FolderOpen className="size-4" aria-hidden />
        {t('discussion.page.categories')}
      </h2>
      {loading ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <ul className="-mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1 md:mx-0 md:grid md:gap-0.5 md:overflow-visible md:px-0">
          {items.map((c) => {
            const active = c.id === current;
            return (
              <li key={c.id ?? 'all'} className="shrink-0">
                <button
                  type="button"
                  aria-current={active ? 'true' : undefined}
                  onClick={() => onChange(c.id)}
                  data-testid={c.id === undefined ? 'category-all' : `category-${c.id}`}
                  className={cn(
                    'flex w-full items-center justify-between gap-2 rounded-full border px-3 py-1 text-sm whitespace-nowrap transition-colors md:rounded-md md:border-0 md:py-1.5',
                    active
                      ? 'border-primary bg-primary/10 font-semibold text-primary'
                      : 'text-muted-foreground hover:bg-accent hover:text-foreground',
                  )}
                >
                  {c.name}
                  <ChevronRight className="hidden size-4 md:block" aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
