import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Announcement } from '@/shared/api/types';
import { formatDateTime } from '@/shared/format';
import { AnnouncementFormDialog, type AnnouncementValues } from '@/web/components/announcement-form-dialog';
import { EditDeleteButtons } from '@/web/components/edit-delete-buttons';
import { PagedTable } from '@/web/components/paged-table';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Switch } from '@/web/components/ui/switch';
import { TableCell, TableRow } from '@/web/components/ui/table';
import { useEditDialog } from '@/web/lib/use-edit-dialog';
import { ADMIN_ANNOUNCEMENT_PAGE_SIZE, useAdminAnnouncements, useAnnouncementChanges } from './api';

/** Root's site announcements: list with visibility switches, create, edit, delete (with a confirmation). */
export function Component() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useAdminAnnouncements(page);
  const { add, update, remove } = useAnnouncementChanges();
  const { editing, open, setOpen, edit } = useEditDialog<Announcement>();
  const updated = () => toast.success(t('admin.updated'));
  const save = (values: AnnouncementValues) => {
    const done = {
      onSuccess: () => {
        updated();
        setOpen(false);
      },
    };
    if (editing) update.mutate({ id: editing.id, ...values }, done);
    else add.mutate(values, done);
  };

  return (
    <TitledCard
      title={t('admin.menu.announcement')}
      tools={
        <Button size="sm" onClick={() => edit(null)} data-testid="announcement-create">
          <Plus />
          {t('admin.announcement.create')}
        </Button>
      }
    >
      <PagedTable
        data={list.data}
        testId="announcement-table"
        columns={[
          { label: 'ID', className: 'w-14' },
          { label: t('admin.announcement.title') },
          { label: t('admin.announcement.modified'), className: 'hidden sm:table-cell' },
          { label: t('admin.announcement.author'), className: 'hidden md:table-cell' },
          { label: t('admin.announcement.visible') },
          { label: t('admin.actions'), className: 'text-right' },
        ]}
        empty={{ text: t('common.noData'), className: 'py-2' }}
        page={page}
        limit={ADMIN_ANNOUNCEMENT_PAGE_SIZE}
        onPageChange={setPage}
        row={(a) => (
          <TableRow key={a.id} data-testid={`announcement-row-${a.id}`}>
            <TableCell>{a.id}</TableCell>
            <TableCell className="max-w-64 truncate font-medium">{a.title}</TableCell>
            <TableCell className="hidden whitespace-nowrap sm:table-cell">
              {formatDateTime(a.gmtModified)}
            </TableCell>
            <TableCell className="hidden md:table-cell">{a.username}</TableCell>
            <TableCell>
              <Switch
                checked={a.status === 0}
                aria-label={t('admin.announcement.visible')}
                onCheckedChange={(visible) =>
                  update.mutate({ id: a.id, status: visible ? 0 : 1 }, { onSuccess: updated })
                }
                data-testid={`announcement-visible-${a.id}`}
              />
            </TableCell>
            <TableCell className="text-right whitespace-nowrap">
              <EditDeleteButtons
                id={a.id}
                testIdPrefix="announcement"
                editLabel={t('admin.announcement.edit')}
                onEdit={() => edit(a)}
                deleteLabel={t('admin.delete')}
                confirmTitle={t('admin.announcement.deleteConfirm')}
                confirmDescription={a.title}
                onDelete={() => remove.mutate(a.id, { onSuccess: () => toast.success(t('admin.deleted')) })}
              />
            </TableCell>
          </TableRow>
        )}
      />
      <AnnouncementFormDialog
        scope="site"
        open={open}
        announcement={editing}
        saving={add.isPending || update.isPending}
        onOpenChange={setOpen}
        onSave={save}
      />
    </TitledCard>
  );
}
