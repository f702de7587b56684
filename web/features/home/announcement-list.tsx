import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_LIMITS } from '@/shared/constants/ranks';
import { formatDateTime } from '@/shared/format';
import { Pagination } from '@/web/components/pagination';
import { RenderedMarkdown } from '@/web/components/rendered-markdown';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { api } from '@/web/lib/api';

const PAGE_SIZE = HOME_LIMITS.announcements;

/** The site's announcements on the home page (GET /api/get-common-announcement), each opened in place. */
export function AnnouncementList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['announcements', page],
    queryFn: () => api.getCommonAnnouncement({ currentPage: page, limit: PAGE_SIZE }),
  });

  return (
    <Card data-testid="announcements" className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Megaphone className="size-5 text-primary" aria-hidden />
          {t('admin.announcement.home')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-1 gap-2">
        {list.isPending && <Skeleton className="h-24 w-full" />}
        {list.data?.records.length === 0 && (
          <p className="text-sm text-muted-foreground">{t('common.noData')}</p>
        )}
        {list.data?.records.map((a) => (
          <details
            key={a.id}
            className="group min-w-0 rounded-md border px-3 py-2"
            data-testid={`announcement-${a.id}`}
          >
            <summary className="flex cursor-pointer list-none items-center gap-2">
              <ChevronRight
                className="size-4 shrink-0 transition-transform group-open:rotate-90"
                aria-hidden
              />
              <span className="min-w-0 flex-1 truncate font-medium">{a.title}</span>
              <span className="hidden shrink-0 text-xs text-muted-foreground sm:inline">
                {a.username} · {formatDateTime(a.gmtCreate)}
              </span>
            </summary>
            <div className="mt-2 border-t pt-2">
              <RenderedMarkdown html={a.contentHtml} text={a.content} />
            </div>
          </details>
        ))}
        {list.data && (
          <Pagination total={list.data.total} page={page} limit={PAGE_SIZE} onPageChange={setPage} />
        )}
      </CardContent>
    </Card>
  );
}
