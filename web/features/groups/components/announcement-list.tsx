import { ChevronRight, EyeOff, Megaphone, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { GroupAnnouncement } from '@/shared/api/group-types';
import { GROUP_LIMITS } from '@/shared/constants/groups';
import { formatDateTime } from '@/shared/format';
import { AnnouncementFormDialog, type AnnouncementValues } from '@/web/components/announcement-form-dialog';
import { EditDeleteButtons } from '@/web/components/edit-delete-buttons';
import { Pagination } from '@/web/components/pagination';
import { RenderedMarkdown } from '@/web/components/rendered-markdown';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { useEditDialog } from '@/web/lib/use-edit-dialog';
import { useGroupAnnouncements } from '../api';
import { useAnnouncementActions } from '../mutations';

/**
 * A group's announcements, each opened in place. On the introduction a short list; on its tab, for
 * a group admin (`manage`), every announcement with New, Edit, Delete and the visibility switch.
 */
export function GroupAnnouncementList({
  gid,
  manage = false,
  compact = false,
}: {
  gid: number;
  manage?: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const limit = compact ? 5 : GROUP_LIMITS.memberPageSize;
  const list = useGroupAnnouncements({ gid, currentPage: page, limit }, manage, true);
  const actions = useAnnouncementActions(gid);
  const dialog = useEditDialog<GroupAnnouncement>();
  const done = (key: string) => () => toast.success(t(key));
  const save = (values: AnnouncementValues) => {
    const after = {
      onSuccess: () => {
        done('web.group.announcement.saved')();
        dialog.setOpen(false);
      },
    };
    if (dialog.editing) actions.update.mutate({ id: dialog.editing.id, gid, ...values }, after);
    else actions.create.mutate({ gid, ...values }, after);
  };
  return (
    <section
      className="grid min-w-0 gap-3 rounded-lg border bg-card p-4 sm:p-5"
      data-testid="group-announcements"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 font-semibold">
          <Megaphone className="size-4 text-primary" aria-hidden />
          {t('web.group.tabs.announcement')}
        </h2>
        {manage && (
          <Button size="sm" onClick={() => dialog.edit(null)} data-testid="group-announcement-create">
            <Plus />
            {t('web.group.announcement.create')}
          </Button>
        )}
      </div>
      {list.isPending && <Skeleton className="h-24 w-full" />}
      {list.data?.records.length === 0 && (
        <p className="text-sm text-muted-foreground" data-testid="group-announcements-empty">
          {t('web.group.announcement.empty')}
        </p>
      )}
      <ul className="grid min-w-0 gap-2">
        {list.data?.records.map((a) => (
          <li
            key={a.id}
            className="flex min-w-0 items-start gap-2"
            data-testid={`group-announcement-${a.id}`}
          >
            <details className="group min-w-0 flex-1 rounded-md border px-3 py-2">
              <summary className="flex cursor-pointer list-none items-center gap-2">
                <ChevronRight
                  className="size-4 shrink-0 transition-transform group-open:rotate-90"
                  aria-hidden
                />
                <span className="min-w-0 flex-1 truncate font-medium" data-testid="group-announcement-title">
                  {a.title}
                </span>
                {a.status !== 0 && (
                  <EyeOff
                    className="size-4 shrink-0 text-muted-foreground"
                    aria-label={t('web.group.hidden')}
                  />
                )}
                {!compact && (
                  <span className="hidden shrink-0 text-xs text-muted-foreground sm:inline">
                    {a.username} · {formatDateTime(a.gmtModified)}
                  </span>
                )}
              </summary>
              <div className="mt-2 border-t pt-2">
                <RenderedMarkdown html={a.contentHtml} text={a.content} />
              </div>
            </details>
            {manage && (
              <div className="flex shrink-0 items-center gap-1 pt-1.5">
                <Switch
                  checked={a.status === 0}
                  aria-label={t('web.group.announcement.visible')}
                  onCheckedChange={(visible) =>
                    actions.update.mutate(
                      { id: a.id, gid, status: visible ? 0 : 1 },
                      { onSuccess: done('web.group.announcement.saved') },
                    )
                  }
                  data-testid={`group-announcement-visible-${a.id}`}
                />
                <EditDeleteButtons
                  id={a.id}
                  testIdPrefix="group-announcement"
                  editLabel={t('web.group.announcement.edit')}
                  onEdit={() => dialog.edit(a)}
                  deleteLabel={t('web.group.delete')}
                  confirmTitle={t('web.group.announcement.deleteConfirm')}
                  confirmDescription={a.title}
                  onDelete={() =>
                    actions.remove.mutate(a.id, { onSuccess: done('web.group.announcement.deleted') })
                  }
                />
              </div>
            )}
          </li>
        ))}
      </ul>
      {list.data && list.data.total > limit && (
        <Pagination total={list.data.total} page={page} limit={limit} onPageChange={setPage} />
      )}
      {manage && (
        <AnnouncementFormDialog
          scope="group"
          open={dialog.open}
          announcement={dialog.editing}
          saving={actions.create.isPending || actions.update.isPending}
          onOpenChange={dialog.setOpen}
          onSave={save}
        />
      )}
    </section>
  );
}
