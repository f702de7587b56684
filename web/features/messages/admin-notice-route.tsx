import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { AdminSysNotice } from '@/shared/api/types';
import { MESSAGE_DURATION_MS } from '@/shared/constants/limits';
import { MESSAGE_PAGE_SIZES, NOTICE_TYPES, type NoticeType } from '@/shared/constants/messages';
import { formatDateTime } from '@/shared/format';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Pagination } from '@/web/components/pagination';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { readPage, withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useAdminNotices, useNoticeChanges } from './api';
import { NoticeDialog } from './components/notice-dialog';

const ANY = 'any';
const isNoticeType = (v: string | null): v is NoticeType =>
  (NOTICE_TYPES as readonly string[]).includes(v ?? '');

/** Who a notice went to: all users, the admins, or the one user's name. */
function Audience({ notice }: { notice: AdminSysNotice }) {
  const { t } = useTranslation();
  const label = t(`messages.admin.types.${notice.type}`);
  if (notice.type !== 'Single') return <>{label}</>;
  return (
    <>
      {label}: <span className="font-medium">{notice.recipientUsername ?? '?'}</span>
    </>
  );
}

/** Root's system notices (`/admin/notice`): search, send, edit and delete, with a confirmation. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('messages.admin.title'));
  const [params, setParams] = useSearchParams();
  const currentPage = readPage(params);
  const keyword = params.get('keyword') ?? '';
  const typeParam = params.get('type');
  const type = isNoticeType(typeParam) ? typeParam : undefined;
  const list = useAdminNotices({
    currentPage,
    limit: MESSAGE_PAGE_SIZES.notices,
    ...(keyword ? { keyword } : {}),
    ...(type ? { type } : {}),
  });
  const { remove } = useNoticeChanges();
  const [editing, setEditing] = useState<AdminSysNotice | null>(null);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState(keyword);

  const edit = (notice: AdminSysNotice | null) => {
    setEditing(notice);
    setOpen(true);
  };
  const setFilters = (changes: Record<string, string | undefined>) =>
    setParams(withParams(params, { ...changes, currentPage: null }));
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ keyword: search.trim() || undefined });
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>{t('messages.admin.title')}</CardTitle>
        <Button size="sm" onClick={() => edit(null)} data-testid="notice-create">
          <Plus />
          {t('messages.admin.create')}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap gap-2">
          <form onSubmit={onSearch} className="flex w-full min-w-0 gap-2 sm:w-auto sm:flex-1">
            <Input
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('messages.admin.search')}
              aria-label={t('messages.admin.search')}
              className="min-w-0 flex-1 sm:max-w-72"
              data-testid="notice-search"
            />
            <Button type="submit" variant="outline" size="icon" aria-label={t('messages.admin.search')}>
              <Search />
            </Button>
          </form>
          <Select value={type ?? ANY} onValueChange={(v) => setFilters({ type: v === ANY ? undefined : v })}>
            <SelectTrigger
              className="w-full sm:w-40"
              aria-label={t('messages.admin.colTo')}
              data-testid="notice-type-filter"
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>{t('messages.admin.allTypes')}</SelectItem>
              {NOTICE_TYPES.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`messages.admin.types.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {!list.data ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <>
            <Table data-testid="notice-table">
              <TableHeader>
                <TableRow>
                  <TableHead className="w-14">ID</TableHead>
                  <TableHead>{t('messages.admin.colTitle')}</TableHead>
                  <TableHead className="hidden sm:table-cell">{t('messages.admin.colTo')}</TableHead>
                  <TableHead className="hidden md:table-cell">{t('messages.admin.colSender')}</TableHead>
                  <TableHead className="hidden lg:table-cell">{t('messages.admin.colTime')}</TableHead>
                  <TableHead className="text-right">{t('messages.admin.colActions')}</TableHead>
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
                {list.data.records.map((n) => (
                  <TableRow key={n.id} data-testid={`notice-row-${n.id}`}>
                    <TableCell>{n.id}</TableCell>
                    <TableCell className="max-w-64">
                      <div className="truncate font-medium">{n.title}</div>
                      <div className="text-muted-foreground text-xs sm:hidden">
                        <Audience notice={n} />
                      </div>
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap sm:table-cell">
                      <Audience notice={n} />
                    </TableCell>
                    <TableCell className="hidden md:table-cell">{n.adminUsername}</TableCell>
                    <TableCell className="hidden whitespace-nowrap lg:table-cell">
                      {formatDateTime(n.gmtCreate)}
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-right">
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={t('messages.admin.edit')}
                        onClick={() => edit(n)}
                        data-testid={`notice-edit-${n.id}`}
                      >
                        <Pencil />
                      </Button>
                      <ConfirmDialog
                        title={t('messages.admin.deleteConfirm')}
                        description={n.title}
                        confirmLabel={t('messages.delete')}
                        destructive
                        onConfirm={() =>
                          remove.mutate(n.id, {
                            onSuccess: () =>
                              toast.success(t('messages.noticeDeleted'), { duration: MESSAGE_DURATION_MS }),
                          })
                        }
                        trigger={
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label={t('messages.delete')}
                            data-testid={`notice-delete-${n.id}`}
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
              page={currentPage}
              limit={MESSAGE_PAGE_SIZES.notices}
              onPageChange={(p) => setParams(withParams(params, { currentPage: p > 1 ? p : null }))}
            />
          </>
        )}
      </CardContent>
      <NoticeDialog open={open} notice={editing} onOpenChange={setOpen} />
    </Card>
  );
}
