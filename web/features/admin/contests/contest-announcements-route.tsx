import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ContestAnnouncement } from '@/shared/api/contest-ops-types';
import type { AdminContestVO } from '@/shared/api/contest-types';
import { formatDateTime } from '@/shared/format';
import { AnnouncementFormDialog, type AnnouncementValues } from '@/web/components/announcement-form-dialog';
import { EditDeleteButtons } from '@/web/components/edit-delete-buttons';
import { PagedTable } from '@/web/components/paged-table';
import { TitledCard } from '@/web/components/titled-card';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Switch } from '@/web/components/ui/switch';
import { TableCell, TableRow } from '@/web/components/ui/table';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useEditDialog } from '@/web/lib/use-edit-dialog';
import {
  CONTEST_ANNOUNCEMENT_PAGE_SIZE,
  useContestAnnouncementEdits,
  useContestAnnouncementList,
} from './api';
import { ContestScreen } from './components/contest-screen';

function Announcements({ contest }: { contest: AdminContestVO }) {
  const { t } = useTranslation();
  const cid = contest.id;
  const [page, setPage] = useState(1);
  const list = useContestAnnouncementList(cid, page);
  const { add, update, remove } = useContestAnnouncementEdits(cid);
  const { editing, open, setOpen, edit } = useEditDialog<ContestAnnouncement>();
  const save = (values: AnnouncementValues) => {
    const done = (key: string) => ({
      onSuccess: () => {
        toast.success(t(key));
        setOpen(false);
      },
    });
    if (editing) {
      update.mutate(
        { cid, announcement: { id: editing.id, ...values } },
        done('contestOps.announcementUpdated'),
      );
    } else {
      add.mutate({ cid, announcement: values }, done('contestOps.announcementCreated'));
    }
  };

  return (
    <TitledCard
      title={t('admin.contest.announcements')}
      testId="contest-announcements-admin"
      tools={
        <Button size="sm" onClick={() => edit(null)} data-testid="contest-announcement-create">
          <Plus />
          {t('contestDesk.annCreate')}
        </Button>
      }
    >
      <PagedTable
        data={list.data}
        testId="contest-announcement-table"
        columns={[
          { label: t('admin.announcement.title') },
          { label: t('admin.announcement.author'), className: 'hidden md:table-cell' },
          { label: t('admin.announcement.modified'), className: 'hidden sm:table-cell' },
          { label: t('admin.announcement.visible') },
          { label: t('admin.actions'), className: 'text-right' },
        ]}
        empty={{ text: t('contestDesk.annEmpty'), testId: 'contest-announcements-empty' }}
        page={page}
        limit={CONTEST_ANNOUNCEMENT_PAGE_SIZE}
        onPageChange={setPage}
        row={(a) => (
          <TableRow key={a.id} data-testid={`contest-announcement-row-${a.id}`}>
            <TableCell className="max-w-40 whitespace-normal sm:max-w-72">
              <span className="font-medium break-words">{a.title}</span>
              {a.status !== 0 && (
                <Badge variant="secondary" className="ml-2">
                  {t('contestDesk.annHidden')}
                </Badge>
              )}
            </TableCell>
            <TableCell className="hidden md:table-cell">{a.username}</TableCell>
            <TableCell className="hidden tabular-nums sm:table-cell">
              {formatDateTime(a.gmtModified)}
            </TableCell>
            <TableCell>
              <Switch
                checked={a.status === 0}
                aria-label={t('admin.contest.announcementVisible', { title: a.title })}
                onCheckedChange={(visible) =>
                  update.mutate(
                    { cid, announcement: { id: a.id, status: visible ? 0 : 1 } },
                    { onSuccess: () => toast.success(t('contestOps.announcementUpdated')) },
                  )
                }
                data-testid={`contest-announcement-visible-${a.id}`}
              />
            </TableCell>
            <TableCell className="text-right">
              <EditDeleteButtons
                id={a.id}
                testIdPrefix="contest-announcement"
                editLabel={t('contestDesk.annEdit')}
                onEdit={() => edit(a)}
                deleteLabel={t('contestDesk.annDelete')}
                confirmTitle={t('contestDesk.annDeleteConfirm')}
                confirmDescription={a.title}
                onDelete={() =>
                  remove.mutate(a.id, { onSuccess: () => toast.success(t('contestOps.announcementDeleted')) })
                }
              />
            </TableCell>
          </TableRow>
        )}
      />
      <AnnouncementFormDialog
        scope="contest"
        open={open}
        announcement={editing}
        saving={add.isPending || update.isPending}
        onOpenChange={setOpen}
        onSave={save}
      />
    </TitledCard>
  );
}

/** /admin/contest/:cid/announcement: the contest's announcements, hidden ones included. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.contest.announcements'));
  return (
    <ContestScreen active="announcement">{(contest) => <Announcements contest={contest} />}</ContestScreen>
  );
}
