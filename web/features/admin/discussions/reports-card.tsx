import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DISCUSSION_LIMITS } from '@/shared/constants/discussions';
import { formatDateTime } from '@/shared/format';
import { Pagination } from '@/web/components/pagination';
import { TitledCard } from '@/web/components/titled-card';
import { Badge } from '@/web/components/ui/badge';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { type DiscussionAdmin, useDiscussionReports } from './api';

/**
 * HOJ's report text: `#label# ` tags first, then the reason (its console shows them apart). A
 * last tag without its space (the server trims the text) still counts.
 */
const TAG = /#([^#\n]+?)#(?:\s|$)/g;
export function splitReport(content: string): { tags: string[]; reason: string } {
  const tags = [...content.matchAll(TAG)].map((m) => m[1] ?? '').filter(Boolean);
  return { tags, reason: content.replace(TAG, '').trim() };
}

/**
 * The reports (HOJ's Discussion_Report table): which discussion, its author, who reported it and
 * when, the labels and the reason, and the handled switch. Unhandled ones come first. A list of
 * cards rather than a wide table, so it reads on a phone.
 */
export function ReportsCard({ admin }: { admin: DiscussionAdmin }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const reports = useDiscussionReports(page);
  const records = reports.data?.records ?? [];
  return (
    <TitledCard title={t('discussionAdmin.reports')} testId="admin-discussion-reports">
      {records.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="admin-reports-empty">
          {t('discussionAdmin.noReports')}
        </p>
      ) : (
        <ul className="grid gap-2">
          {records.map((r) => {
            const { tags, reason } = splitReport(r.content);
            return (
              <li
                key={r.id}
                className="grid gap-1.5 rounded-md border p-3 text-sm"
                data-testid={`admin-report-${r.id}`}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="min-w-0 font-medium break-words">
                    {r.discussionTitle ? (
                      <Link to={`/discussion-detail/${r.did}`} className="hover:underline">
                        {r.discussionTitle}
                      </Link>
                    ) : (
                      <span className="text-muted-foreground">
                        {t('discussionAdmin.gone', { id: r.did })}
                      </span>
                    )}
                    {r.discussionAuthor && (
                      <span className="font-normal text-muted-foreground">
                        {' · '}
                        {r.discussionAuthor}
                      </span>
                    )}
                  </p>
                  <div className="flex items-center gap-2 text-xs">
                    <Switch
                      id={`report-handled-${r.id}`}
                      checked={r.status}
                      onCheckedChange={(on) =>
                        admin.handleReport.mutate(
                          { id: r.id, status: on },
                          { onSuccess: () => toast.success(t('discussionAdmin.updated')) },
                        )
                      }
                      data-testid={`admin-report-handled-${r.id}`}
                    />
                    <Label htmlFor={`report-handled-${r.id}`} className="text-xs">
                      {t(r.status ? 'discussionAdmin.handled' : 'discussionAdmin.unhandled')}
                    </Label>
                  </div>
                </div>
                <div className="flex flex-wrap items-center gap-1.5">
                  {tags.map((tag) => (
                    <Badge key={tag} variant="secondary">
                      {tag}
                    </Badge>
                  ))}
                  {reason && <span className="break-words">{reason}</span>}
                </div>
                <p className="text-xs text-muted-foreground">
                  {t('discussionAdmin.reportedBy', { name: r.reporter, time: formatDateTime(r.gmtCreate) })}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination
        total={reports.data?.total ?? 0}
        page={page}
        limit={DISCUSSION_LIMITS.pageSize}
        onPageChange={setPage}
      />
    </TitledCard>
  );
}
