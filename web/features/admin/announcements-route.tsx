import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Announcement } from '@/shared/api/types';
import { MESSAGE_DURATION_MS } from '@/shared/constants/limits';
import { formatDateTime } from '@/shared/format';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Pagination } from '@/web/components/pagination';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { AnnouncementDialog } from './announcement-dialog';
import { ADMIN_ANNOUNCEMENT_PAGE_SIZE, useAdminAnnouncements, useAnnouncementChanges } from './api';

/** Root's site announcements: list with visibility switches, create, edit, delete (with a confirmation). */
export function Component() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useAdminAnnouncements(page);
  const { update, remove } = useAnnouncementChanges();
  const [editing, setEditing] = useState<Announcement | null>(null);
  const [open, setOpen] = useState(false);

  const edit = (a: Announcement | null) => {
    setEditing(a);
    setOpen(true);
  };

  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <CardTitle>{t('admin.menu.announcement')}</CardTitle>
        <Button size="sm" onClick={() => edit(null)} data-testid="announcement-create">
          <Plus />
          {t('admin.announcement.create')}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!list.data ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <>
            <Table data-testid="announcement-table">
              <TableHeader>
                <TableRow>
                  <TableHead className="w-14">ID</TableHead>
                  <TableHead>{t('admin.announcement.title')}</TableHead>
                  <TableHead className="hidden sm:table-cell">{t('admin.announcement.modified')}</TableHead>
                  <TableHead className="hidden md:table-cell">{t('admin.announcement.author')}</TableHead>
                  <TableHead>{t('admin.announcement.visible')}</TableHead>
                  <TableHead className="text-right">{t('admin.actions')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.data.records.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6} className="text-center text-muted-foreground">
                      {t('common.noData')}
                    </TableCell>
                  </TableRow>
                )}
                {list.data.records.map((a) => (
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
                          update.mutate(
                            { id: a.id, status: visible ? 0 : 1 },
                            {
                              onSuccess: () =>
                                toast.success(t('admin.updated'), { duration: MESSAGE_DURATION_MS }),
                            },
                          )
                        }
                        data-testid={`announcement-visible-${a.id}`}
                      />
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={t('admin.announcement.edit')}
                        onClick={() => edit(a)}
                        data-testid={`announcement-edit-${a.id}`}
                      >
                        <Pencil />
                      </Button>
                      <ConfirmDialog
                        title={t('admin.announcement.deleteConfirm')}
                        description={a.title}
                        confirmLabel={t('admin.delete')}
                        destructive
                        onConfirm={() =>
                          remove.mutate(a.id, {
                            onSuccess: () =>
                              toast.success(t('admin.deleted'), { duration: MESSAGE_DURATION_MS }),
                          })
                        }
                        trigger={
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label={t('admin.delete')}
                            data-testid={`announcement-delete-${a.id}`}
                          >
                            <Trash2 />
                          </Button>
                        }
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pagination
              total={list.data.total}
              page={page}
              limit={ADMIN_ANNOUNCEMENT_PAGE_SIZE}
              onPageChange={setPage}
            />
          </>
        )}
      </CardContent>
      <AnnouncementDialog open={open} announcement={editing} onOpenChange={setOpen} />
    </Card>
  );
}
