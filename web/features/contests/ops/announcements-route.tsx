import { ArrowLeft, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ContestAnnouncement } from '@/shared/api/contest-ops-types';
import { formatDateTime } from '@/shared/format';
import { CONTEST_OPS_PAGE_SIZES } from '@/shared/schemas/contest-ops';
import { AnnouncementFormDialog, type AnnouncementValues } from '@/web/components/announcement-form-dialog';
import { EditDeleteButtons } from '@/web/components/edit-delete-buttons';
import { Pagination } from '@/web/components/pagination';
import { RenderedMarkdown } from '@/web/components/rendered-markdown';
import { TitledCard } from '@/web/components/titled-card';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { useAuth } from '@/web/lib/auth';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useEditDialog } from '@/web/lib/use-edit-dialog';
import { useContestContext } from '../contest-context';
import { useContestAnnouncementChanges, useContestAnnouncements } from './api';
import { markAnnouncementsRead } from './read-announcements';

/**
 * The contest's announcements: 5 a page, newest first, each opening a detail view with its
 * Markdown. The contest's admins also see hidden ones and create, edit, hide and delete them here.
 */
export function Component() {
  const { t } = useTranslation();
  const { contest, isAdmin } = useContestContext();
  useDocumentTitle(`${t('contestDesk.tabAnnouncements')} - ${contest.title}`);
  const [page, setPage] = useState(1);
  const list = useContestAnnouncements(contest.id, isAdmin, page);
  const uid = useAuth((s) => s.userInfo?.uid ?? null);
  const { add, update, remove } = useContestAnnouncementChanges(contest.id);
  const [reading, setReading] = useState<ContestAnnouncement | null>(null);
  const { editing, open: dialogOpen, setOpen: setDialogOpen, edit } = useEditDialog<ContestAnnouncement>();

  const saved = (msg: string) => {
    toast.success(msg);
    setDialogOpen(false);
  };
  const save = (values: AnnouncementValues) => {
    const cid = contest.id;
    if (editing) {
      update.mutate(
        { cid, announcement: { id: editing.id, ...values } },
        { onSuccess: () => saved(t('contestOps.announcementUpdated')) },
      );
      return;
    }
    add.mutate(
      { cid, announcement: values },
      {
        onSuccess: (created) => {
          // the author wrote it: no popup of it for them
          if (uid) markAnnouncementsRead(uid, cid, [created.id]);
          saved(t('contestOps.announcementCreated'));
        },
      },
    );
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
    <TitledCard title={t('contestDesk.tabAnnouncements')} tools={tools} testId="contest-announcements">
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
                            { onSuccess: () => toast.success(t('contestOps.announcementUpdated')) },
                          )
                        }
                        data-testid={`contest-announcement-visible-${a.id}`}
                      />
                      <EditDeleteButtons
                        id={a.id}
                        testIdPrefix="contest-announcement"
                        editLabel={t('contestDesk.annEdit')}
                        onEdit={() => edit(a)}
                        deleteLabel={t('contestDesk.annDelete')}
                        confirmTitle={t('contestDesk.annDeleteConfirm')}
                        confirmDescription={a.title}
                        onDelete={() =>
                          remove.mutate(a.id, {
                            onSuccess: () => toast.success(t('contestOps.announcementDeleted')),
                          })
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
        <AnnouncementFormDialog
          scope="contest"
          open={dialogOpen}
          announcement={editing}
          saving={add.isPending || update.isPending}
          onOpenChange={setDialogOpen}
          onSave={save}
        />
      )}
    </TitledCard>
  );
}
