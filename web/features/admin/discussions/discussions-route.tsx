import { ExternalLink, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DISCUSSION_LIMITS, DiscussionStatus } from '@/shared/constants/discussions';
import { isRootRoleList } from '@/shared/constants/roles';
import { formatDateTime } from '@/shared/format';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Pagination } from '@/web/components/pagination';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Switch } from '@/web/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { useAuth } from '@/web/lib/auth';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { KeywordSearch } from '../components/keyword-search';
import { useAdminDiscussions, useDiscussionAdmin } from './api';
import { CategoriesCard } from './categories-card';
import { ReportsCard } from './reports-card';
import { RulesCard } from './rules-card';

const STATUSES = [DiscussionStatus.VISIBLE, DiscussionStatus.BLOCKED, DiscussionStatus.REVIEW] as const;

/**
 * The console's discussions (HOJ's admin Discussion screen): every discussion with its status
 * (normal, blocked, under review) and pin, deleting one or the ticked ones; the reports with their
 * handled switch; the categories; and for root HOJ's posting rules.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.menu.discussion'));
  const roles = useAuth((s) => s.userInfo?.roleList ?? []);
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [confirm, setConfirm] = useState<number[] | null>(null);
  const list = useAdminDiscussions(page, keyword);
  const admin = useDiscussionAdmin();
  const records = list.data?.records ?? [];
  const updated = { onSuccess: () => toast.success(t('discussionAdmin.updated')) };
  const allTicked = records.length > 0 && records.every((r) => selected.includes(r.id));

  return (
    <div className="grid gap-4">
      <TitledCard
        title={t('admin.menu.discussion')}
        testId="admin-discussions"
        tools={
          <>
            <KeywordSearch
              keyword={keyword}
              label={t('discussionAdmin.search')}
              placeholder={t('discussionAdmin.search')}
              testId="admin-discussion-search"
              onSearch={(k) => {
                setKeyword(k);
                setPage(1);
                setSelected([]);
              }}
            />
            <Button
              variant="destructive"
              size="sm"
              disabled={selected.length === 0}
              onClick={() => setConfirm(selected)}
              data-testid="admin-discussion-delete-selected"
            >
              <Trash2 />
              {t('discussionAdmin.deleteSelected', { count: selected.length })}
            </Button>
          </>
        }
      >
        <Table data-testid="admin-discussion-table">
          <TableHeader>
            <TableRow>
              <TableHead className="w-8">
                <input
                  type="checkbox"
                  className="size-4 align-middle"
                  aria-label={t('discussionAdmin.selectAll')}
                  checked={allTicked}
                  onChange={() => setSelected(allTicked ? [] : records.map((r) => r.id))}
                />
              </TableHead>
              <TableHead className="w-14">ID</TableHead>
              <TableHead>{t('discussionAdmin.title')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('discussionAdmin.author')}</TableHead>
              <TableHead className="hidden xl:table-cell">{t('discussionAdmin.counts')}</TableHead>
              <TableHead className="hidden 2xl:table-cell">{t('discussionAdmin.created')}</TableHead>
              <TableHead>{t('discussionAdmin.status')}</TableHead>
              <TableHead>{t('discussionAdmin.top')}</TableHead>
              <TableHead className="text-right">{t('admin.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {records.map((d) => (
              <TableRow key={d.id} data-testid={`admin-discussion-${d.id}`}>
                <TableCell>
                  <input
                    type="checkbox"
                    className="size-4 align-middle"
                    aria-label={t('discussionAdmin.select', { title: d.title })}
                    checked={selected.includes(d.id)}
                    onChange={() =>
                      setSelected(
                        selected.includes(d.id) ? selected.filter((x) => x !== d.id) : [...selected, d.id],
                      )
                    }
                  />
                </TableCell>
                <TableCell className="tabular-nums">{d.id}</TableCell>
                <TableCell className="max-w-40 truncate font-medium sm:max-w-64" title={d.title}>
                  {d.title}
                </TableCell>
                <TableCell className="hidden md:table-cell">{d.author}</TableCell>
                <TableCell className="hidden whitespace-nowrap tabular-nums xl:table-cell">
                  {t('discussionAdmin.countsValue', {
                    likes: d.likeNum,
                    views: d.viewNum,
                    comments: d.commentNum,
                  })}
                </TableCell>
                <TableCell className="hidden whitespace-nowrap tabular-nums 2xl:table-cell">
                  {formatDateTime(d.gmtCreate)}
                </TableCell>
                <TableCell>
                  <Select
                    value={String(d.status)}
                    onValueChange={(v) => admin.update.mutate({ id: d.id, status: Number(v) }, updated)}
                  >
                    <SelectTrigger
                      className="h-8 w-28"
                      aria-label={t('discussionAdmin.status')}
                      data-testid={`admin-discussion-status-${d.id}`}
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {STATUSES.map((s) => (
                        <SelectItem
                          key={s}
                          value={String(s)}
                          data-testid={`admin-discussion-status-option-${s}`}
                        >
                          {t(`discussionAdmin.statuses.${s}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </TableCell>
                <TableCell>
                  <Switch
                    checked={d.topPriority}
                    aria-label={t('discussionAdmin.top')}
                    onCheckedChange={(on) => admin.update.mutate({ id: d.id, topPriority: on }, updated)}
                    data-testid={`admin-discussion-top-${d.id}`}
                  />
                </TableCell>
                <TableCell className="whitespace-nowrap text-right">
                  <Button variant="ghost" size="icon-sm" asChild>
                    <Link to={`/discussion-detail/${d.id}`} aria-label={t('discussionAdmin.view')}>
                      <ExternalLink />
                    </Link>
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t('admin.delete')}
                    onClick={() => setConfirm([d.id])}
                    data-testid={`admin-discussion-delete-${d.id}`}
                  >
                    <Trash2 />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {list.data && records.length === 0 && (
          <p className="text-sm text-muted-foreground">{t('common.noData')}</p>
        )}
        <Pagination
          total={list.data?.total ?? 0}
          page={page}
          limit={DISCUSSION_LIMITS.pageSize}
          onPageChange={(p) => {
            setPage(p);
            setSelected([]);
          }}
        />
      </TitledCard>

      <ReportsCard admin={admin} />
      <CategoriesCard admin={admin} />
      {isRootRoleList(roles) && <RulesCard />}

      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('discussionAdmin.deleteTitle', { count: confirm?.length ?? 0 })}
        description={t('discussionAdmin.deleteText')}
        confirmLabel={t('admin.delete')}
        destructive
        testId="admin-discussion-delete-dialog"
        onConfirm={() => {
          const ids = confirm ?? [];
          admin.remove.mutate(ids, {
            onSuccess: () => {
              toast.success(t('discussionAdmin.deleted'));
              setSelected(selected.filter((x) => !ids.includes(x)));
            },
          });
        }}
      />
    </div>
  );
}
