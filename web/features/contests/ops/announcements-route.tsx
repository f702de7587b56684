import { ArrowLeft, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ContestAnnouncement } from '@/shared/api/contest-ops-types';
import { MESSAGE_DURATION_MS } from '@/shared/constants/limits';
import { formatDateTime } from '@/shared/format';
import { CONTEST_OPS_PAGE_SIZES } from '@/shared/schemas/contest-ops';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Pagination } from '@/web/components/pagination';
import { RenderedMarkdown } from '@/web/components/rendered-markdown';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useContestContext } from '../contest-context';
import { ContestAnnouncementDialog } from './announcement-dialog';
import { useContestAnnouncementChanges, useContestAnnouncements } from './api';
import { OpsCard } from './parts';

/**
 * The contest's announcements (spec §2): 5 a page, newest first, each opening a detail view with its
 * Markdown. The contest's admins also see hidden ones and create, edit, hide and delete them here.
 */
export function Component() {
  const { t } = useTranslation();
  const { contest, isAdmin } = useContestContext();
  useDocumentTitle(`${t('contestDesk.tabAnnouncements')} - ${contest.title}`);
  const [page, setPage] = useState(1);
  const list = useContestAnnouncements(contest.id, isAdmin, page);
  const { update, remove } = useContestAnnouncementChanges(contest.id);
  const [reading, setReading] = useState<ContestAnnouncement | null>(null);
  const [editing, setEditing] = useState<ContestAnnouncement | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const edit = (a: ContestAnnouncement | null) => {
    setEditing(a);
    setDialogOpen(true);
  };

  // the detail view follows the list, so an edit shows at once and a deleted one closes
  const current = reading ? (list.data?.records.find((a) => a.id === reading.id) ?? null) : null;

  const tools = isAdmin ? (
    <Button size="sm" onClick={() => edit(null)} data-testid="contest-announcement-create">
      <Plus />
      {t('contestDesk.annCreate')}
    </Button>
  ) : null;

  return (
    <OpsCard title={t('contestDesk.tabAnnouncements')} tools={tools} testId="contest-announcements">
      {!list.data ? (
        <Skeleton className="h-40 w-full" />
      ) : current ? (
        <article className="grid min-w-0 gap-3" data-testid="contest-announcement-detail">
          <div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setReading(null)}
              data-testid="contest-announcement-back"
            >
              <ArrowLeft />
              {t('contestDesk.annBack')}
            </Button>
          </div>
          <h3 className="text-lg font-semibold break-words">{current.title}</h3>
          <p className="text-xs text-muted-foreground">
            {t('contestDesk.annAuthor', { username: current.username })} · {formatDateTime(current.gmtCreate)}
          </p>
          <div className="min-w-0 overflow-x-auto" data-testid="contest-announcement-content">
            <RenderedMarkdown html={current.contentHtml} text={current.content} />
          </div>
        </article>
      ) : (
        <>
          {list.data.records.length === 0 ? (
            <p
              className="py-6 text-center text-sm text-muted-foreground"
              data-testid="contest-announcements-empty"
            >
              {t('contestDesk.annEmpty')}
            </p>
          ) : (
            <ul className="divide-y rounded-md border">
              {list.data.records.map((a) => (
                <li
                  key={a.id}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5"
                  data-testid={`contest-announcement-${a.id}`}
                >
                  <button
                    type="button"
                    className="min-w-0 flex-1 basis-48 text-left font-medium break-words hover:text-primary hover:underline"
                    onClick={() => setReading(a)}
                    data-testid={`contest-announcement-open-${a.id}`}
                  >
                    {a.title}
                  </button>
                  {a.status !== 0 && <Badge variant="secondary">{t('contestDesk.annHidden')}</Badge>}
                  <span className="text-xs whitespace-nowrap text-muted-foreground">
                    {a.username} · {formatDateTime(a.gmtCreate)}
                  </span>
                  {isAdmin && (
                    <span className="flex items-center gap-1">
                      <Switch
                        checked={a.status === 0}
                        aria-label={t('contestDesk.annVisible')}
                        onCheckedChange={(visible) =>
                          update.mutate(
                            { cid: contest.id, announcement: { id: a.id, status: visible ? 0 : 1 } },
                            {
                              onSuccess: () =>
                                toast.success(t('contestOps.announcementUpdated'), {
                                  duration: MESSAGE_DURATION_MS,
                                }),
                            },
                          )
                        }
                        data-testid={`contest-announcement-visible-${a.id}`}
                      />
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={t('contestDesk.annEdit')}
                        onClick={() => edit(a)}
                        data-testid={`contest-announcement-edit-${a.id}`}
                      >
                        <Pencil />
                      </Button>
                      <ConfirmDialog
                        title={t('contestDesk.annDeleteConfirm')}
                        description={a.title}
                        confirmLabel={t('contestDesk.annDelete')}
                        destructive
                        onConfirm={() =>
                          remove.mutate(a.id, {
                            onSuccess: () =>
                              toast.success(t('contestOps.announcementDeleted'), {
                                duration: MESSAGE_DURATION_MS,
                              }),
                          })
                        }
                        trigger={
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label={t('contestDesk.annDelete')}
                            data-testid={`contest-announcement-delete-${a.id}`}
                          >
                            <Trash2 />
                          </Button>
                        }
                      />
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
          <Pagination
            total={list.data.total}
            page={page}
            limit={CONTEST_OPS_PAGE_SIZES.announcements}
            onPageChange={setPage}
          />
        </>
      )}
      {isAdmin && (
        <ContestAnnouncementDialog
          cid={contest.id}
          open={dialogOpen}
          announcement={editing}
          onOpenChange={setDialogOpen}
        />
      )}
    </OpsCard>
  );
}
