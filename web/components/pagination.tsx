import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';

const MAX_BUTTONS = 5;

/** Page numbers to show: at most five, centred on the current page. */
export function pageWindow(page: number, pages: number): number[] {
  const count = Math.min(MAX_BUTTONS, pages);
  const start = Math.max(1, Math.min(page - Math.floor(count / 2), pages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

interface PaginationProps {
  total: number;
  page: number;
  limit: number;
  onPageChange(page: number): void;
  pageSizes?: readonly number[];
  onLimitChange?(limit: number): void;
  /** the server counted up to a cap and there are more (Page.totalCapped): shown as "10000+" */
  capped?: boolean;
}

/** Pager (at most five page buttons; hidden with zero items) with an optional page-size select. */
export function Pagination({
  total,
  page,
  limit,
  onPageChange,
  pageSizes,
  onLimitChange,
  capped = false,
}: PaginationProps) {
  const { t } = useTranslation();
  if (total <= 0) return null;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <nav
      aria-label={t('web.pagination.label')}
      className="flex flex-wrap items-center justify-end gap-1.5 text-sm"
    >
      <span className="mr-2 text-muted-foreground">
        {t('web.pagination.total', { total: capped ? `${total}+` : total })}
      </span>
      <Button
        variant="outline"
        size="icon-sm"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
        aria-label={t('web.pagination.previous')}
      >
        <ChevronLeft />
      </Button>
      {pageWindow(page, pages).map((p) => (
        <Button
          key={p}
          variant={p === page ? 'default' : 'outline'}
          size="icon-sm"
          aria-current={p === page ? 'page' : undefined}
          aria-label={t('web.pagination.page', { page: p })}
          onClick={() => onPageChange(p)}
        >
          {p}
        </Button>
      ))}
      <Button
        variant="outline"
        size="icon-sm"
        disabled={page >= pages}
        onClick={() => onPageChange(page + 1)}
        aria-label={t('web.pagination.next')}
      >
        <ChevronRight />
      </Button>
      {pageSizes && onLimitChange && (
        <Select lazy value={String(limit)} onValueChange={(v) => onLimitChange(Number(v))}>
          <SelectTrigger size="sm" aria-label={t('web.pagination.pageSize')} className="ml-1">
            {/* named here too: the server's first render (web/ssr) has no open list to take it from */}
            <SelectValue>{t('web.pagination.perPage', { count: limit })}</SelectValue>
          </SelectTrigger>
          <SelectContent>
            {pageSizes.map((size) => (
              <SelectItem key={size} value={String(size)}>
                {t('web.pagination.perPage', { count: size })}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </nav>
  );
}
