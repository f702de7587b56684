import { Plus, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { AdminSysNotice } from '@/shared/api/types';
import { MESSAGE_PAGE_SIZES, NOTICE_TYPES, type NoticeType } from '@/shared/constants/messages';
import { formatDateTime } from '@/shared/format';
import { EditDeleteButtons } from '@/web/components/edit-delete-buttons';
import { PagedTable } from '@/web/components/paged-table';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { TableCell, TableRow } from '@/web/components/ui/table';
import { readPage, withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useEditDialog } from '@/web/lib/use-edit-dialog';
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
  const { editing, open, setOpen, edit } = useEditDialog<AdminSysNotice>();
  const [search, setSearch] = useState(keyword);

  const setFilters = (changes: Record<string, string | undefined>) =>
    setParams(withParams(params, { ...changes, currentPage: null }));
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ keyword: search.trim() || undefined });
  };

  return (
    <TitledCard
      title={t('messages.admin.title')}
      tools={
        <Button size="sm" onClick={() => edit(null)} data-testid="notice-create">
          <Plus />
          {t('messages.admin.create')}
        </Button>
      }
    >
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
      <PagedTable
        data={list.data}
        testId="notice-table"
        columns={[
          { label: 'ID', className: 'w-14' },
          { label: t('messages.admin.colTitle') },
          { label: t('messages.admin.colTo'), className: 'hidden sm:table-cell' },
          { label: t('messages.admin.colSender'), className: 'hidden md:table-cell' },
          { label: t('messages.admin.colTime'), className: 'hidden lg:table-cell' },
          { label: t('messages.admin.colActions'), className: 'text-right' },
        ]}
        empty={{ text: t('common.noData'), className: 'py-2' }}
        page={currentPage}
        limit={MESSAGE_PAGE_SIZES.notices}
        onPageChange={(p) => setParams(withParams(params, { currentPage: p > 1 ? p : null }))}
        row={(n) => (
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
              <EditDeleteButtons
                id={n.id}
                testIdPrefix="notice"
                editLabel={t('messages.admin.edit')}
                onEdit={() => edit(n)}
                deleteLabel={t('messages.delete')}
                confirmTitle={t('messages.admin.deleteConfirm')}
                confirmDescription={n.title}
                onDelete={() =>
                  remove.mutate(n.id, { onSuccess: () => toast.success(t('messages.noticeDeleted')) })
                }
              />
            </TableCell>
          </TableRow>
        )}
      />
      <NoticeDialog open={open} notice={editing} onOpenChange={setOpen} />
    </TitledCard>
  );
}
